import { fieldLabel } from '@ot/contracts/audit/field-labels.ts';
import { eventTitle } from '@ot/contracts/events/event-labels.ts';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AuditEvent } from '../api/audit-queries.ts';
import {
  type ChangeKind,
  changeKindLabels,
  changeKinds,
  formatTime,
  formatValue,
  kindsOf,
  placedSummary,
} from '../format-change.ts';

/** The kinds of change the list can be narrowed to, as toggle buttons. */
function KindFilter({ kind, onChange }: { kind: ChangeKind | 'all'; onChange: (kind: ChangeKind | 'all') => void }) {
  return (
    <fieldset className="flex flex-wrap gap-1">
      <legend className="sr-only">Show changes to</legend>
      {(['all', ...changeKinds] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={kind === value}
          onClick={() => onChange(value)}
          className={cn(
            'rounded-full border px-3 py-1 text-sm',
            kind === value
              ? 'border-emerald-700 bg-emerald-700 text-white'
              : 'border-gray-300 hover:bg-gray-50 dark:border-gray-600 dark:hover:bg-gray-800',
          )}
        >
          {value === 'all' ? 'All' : changeKindLabels[value]}
        </button>
      ))}
    </fieldset>
  );
}

/** What an event changed: an order placed in a few lines, any other event field by field, before → after. */
function EventChanges({ event, itemNames }: { event: AuditEvent; itemNames: ReadonlyMap<string, string> }) {
  const lines: [key: string, text: string][] =
    event.type === 'OrderPlaced'
      ? placedSummary(event.changes, itemNames).map((line) => [line, line])
      : event.changes.map((change) => [
          change.field,
          `${fieldLabel(change.field, itemNames)}: ${formatValue(change.field, change.before)} → ${formatValue(change.field, change.after)}`,
        ]);
  if (lines.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-sm">
      {lines.map(([key, text]) => (
        <li key={key} className="wrap-anywhere">
          {text}
        </li>
      ))}
    </ul>
  );
}

interface HistoryEventProps {
  event: AuditEvent;
  selected: boolean;
  /** The order's own stream: its events show their version. */
  orderStream: string;
  itemNames: ReadonlyMap<string, string>;
  onSelect: () => void;
}

/** One event of the history: what, when, by whom, what it changed; selecting it shows the order as of then. */
function HistoryEvent({ event, selected, orderStream, itemNames, onSelect }: HistoryEventProps) {
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      className={cn(
        'w-full rounded-md border p-3 text-left hover:bg-gray-50 dark:hover:bg-gray-800',
        selected ? 'border-emerald-700 ring-2 ring-emerald-700' : 'border-gray-200 dark:border-gray-700',
      )}
    >
      <span className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold">{eventTitle(event.type)}</span>
        <time dateTime={event.occurredAt} className="text-sm text-gray-700 dark:text-gray-300">
          {formatTime(event.occurredAt)}
        </time>
      </span>
      <span className="block text-sm text-gray-700 dark:text-gray-300">
        by {event.actor.name} ({event.actor.kind}){event.stream === orderStream ? ` · version ${event.version}` : ''}
      </span>
      <EventChanges event={event} itemNames={itemNames} />
    </button>
  );
}

interface HistoryEventListProps {
  events: readonly AuditEvent[];
  kind: ChangeKind | 'all';
  onKind: (kind: ChangeKind | 'all') => void;
  /** The index in `events` of the event whose order is shown. */
  selected: number | null;
  onSelect: (index: number) => void;
  orderStream: string;
  itemNames: ReadonlyMap<string, string>;
}

/** The order's events of the kind chosen, oldest first. */
export function HistoryEventList({ events, kind, onKind, selected, onSelect, ...shared }: HistoryEventListProps) {
  const shown = events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => kind === 'all' || kindsOf(event).has(kind));
  return (
    <Card>
      <CardHeader title="Events" />
      <CardBody className="flex flex-col gap-3">
        <KindFilter kind={kind} onChange={onKind} />
        {shown.length === 0 ? (
          <p className="text-sm">No events of this kind.</p>
        ) : (
          <ol aria-label="Events" className="flex flex-col gap-2">
            {shown.map(({ event, index }) => (
              <li key={event.id}>
                <HistoryEvent
                  event={event}
                  selected={selected === index}
                  onSelect={() => onSelect(index)}
                  {...shared}
                />
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
