import { attentionFlags } from '@ot/contracts/insights/attention.ts';
import type { AttentionItem } from '@ot/contracts/insights/insights-views.ts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowDownUp, Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { attentionQuery } from '../api/insights-queries.ts';
import { flagLabels } from './flag-labels.ts';

type SortKey = 'flag' | 'daysInStage' | 'estimatedDelivery' | 'predictedReadyDate' | 'orderNumber';

const later = (a: string | null, b: string | null) => (a ?? '9999').localeCompare(b ?? '9999');
const sorts: Record<SortKey, (a: AttentionItem, b: AttentionItem) => number> = {
  flag: (a, b) => attentionFlags.indexOf(a.flag) - attentionFlags.indexOf(b.flag) || b.daysInStage - a.daysInStage,
  daysInStage: (a, b) => b.daysInStage - a.daysInStage,
  estimatedDelivery: (a, b) => later(a.estimatedDelivery, b.estimatedDelivery),
  predictedReadyDate: (a, b) => later(a.predictedReadyDate, b.predictedReadyDate),
  orderNumber: (a, b) => a.orderNumber.localeCompare(b.orderNumber),
};

/** Rows shown before "Show all". */
const FIRST_ROWS = 25;

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  sort: SortKey;
  onSort: (key: SortKey) => void;
}) {
  return (
    <th
      scope="col"
      className="px-3 py-2 font-semibold whitespace-nowrap"
      aria-sort={sort === sortKey ? 'descending' : 'none'}
    >
      <button type="button" className="inline-flex items-center gap-1 uppercase" onClick={() => onSort(sortKey)}>
        {label}
        <ArrowDownUp aria-hidden="true" className="h-3 w-3" />
      </button>
    </th>
  );
}

/** One flag of one item: what, why, when it was due and should be ready, and where to act on it. */
function AttentionRow({ item, action }: { item: AttentionItem; action?: (item: AttentionItem) => ReactNode }) {
  return (
    <tr className="border-b border-gray-100 align-top dark:border-gray-800">
      <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
        {item.orderNumber}
      </th>
      <td className="px-3 py-2">
        {item.itemName}
        {item.manufacturer && (
          <span className="block text-xs text-gray-700 dark:text-gray-300">{item.manufacturer}</span>
        )}
      </td>
      <td className="px-3 py-2">
        <Badge tone={flagLabels[item.flag].tone}>{flagLabels[item.flag].label}</Badge>
      </td>
      <td className="px-3 py-2">{item.reason}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        {item.estimatedDelivery ? formatDate(item.estimatedDelivery) : 'None'}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {item.predictedReadyDate ? formatDate(item.predictedReadyDate) : 'Not known'}
        {item.likelyBy && (
          <span className="block text-xs text-gray-700 dark:text-gray-300">likely by {formatDate(item.likelyBy)}</span>
        )}
      </td>
      <td className="px-3 py-2">{item.daysInStage}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          <LinkButton
            to={`/admin/edit-order/${encodeURIComponent(item.orderNumber)}`}
            variant="outline"
            size="sm"
            aria-label={`Edit order ${item.orderNumber}`}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit
          </LinkButton>
          {action?.(item)}
        </div>
      </td>
    </tr>
  );
}

/** The list's column headers, the sortable ones as buttons. */
function AttentionHead({ sort, onSort }: { sort: SortKey; onSort: (key: SortKey) => void }) {
  const header = (label: string, key: SortKey) => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} />
  );
  return (
    <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-700 dark:border-gray-800 dark:bg-gray-950 dark:text-gray-300">
      <tr>
        {header('Order', 'orderNumber')}
        <th scope="col" className="px-3 py-2 font-semibold uppercase">
          Item
        </th>
        {header('Flag', 'flag')}
        <th scope="col" className="px-3 py-2 font-semibold uppercase">
          Reason
        </th>
        {header('ETA', 'estimatedDelivery')}
        {header('Predicted ready', 'predictedReadyDate')}
        {header('Days in stage', 'daysInStage')}
        <th scope="col" className="px-3 py-2 font-semibold uppercase">
          Actions
        </th>
      </tr>
    </thead>
  );
}

/**
 * The dashboard's "Needs attention (n)" view: each flagged item with its reason, ETA, prediction and
 * days in its stage, sortable, each linking to its order's edit page. `action` adds a per-row control
 * (the delay notice) and `pushControl` whether this device is told of new entries, both composed in by the app.
 */
export function NeedsAttention({
  open,
  toggle,
  action,
  pushControl,
}: {
  open: boolean;
  toggle: () => void;
  action?: (item: AttentionItem) => ReactNode;
  pushControl?: ReactNode;
}) {
  const attention = useQuery(attentionQuery());
  const title = `Needs attention (${attention.data?.total ?? '…'})`;
  const [sort, setSort] = useState<SortKey>('flag');
  const [showAll, setShowAll] = useState(false);
  const items = [...(attention.data?.items ?? [])].sort(sorts[sort]);
  const shown = showAll ? items : items.slice(0, FIRST_ROWS);
  const button = (
    <Button variant={open ? 'primary' : 'outline'} aria-pressed={open} className="self-start" onClick={toggle}>
      <AlertTriangle aria-hidden="true" className="h-4 w-4" />
      {title}
    </Button>
  );
  if (!open) return button;
  return (
    <Card>
      <CardBody className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{title}</h2>
          <Button variant="outline" size="sm" onClick={toggle}>
            Back to orders
          </Button>
        </div>
        {pushControl}
        {attention.isError ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            The attention list could not be loaded. Please try again later.
          </p>
        ) : attention.data && items.length === 0 ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Nothing needs attention: every open item is on track.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <AttentionHead sort={sort} onSort={setSort} />
              <tbody>
                {shown.map((item) => (
                  <AttentionRow key={`${item.itemId}-${item.flag}`} item={item} action={action} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {items.length > FIRST_ROWS && (
          <Button variant="outline" size="sm" className="self-start" onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show fewer' : `Show all (${items.length})`}
          </Button>
        )}
      </CardBody>
    </Card>
  );
}
