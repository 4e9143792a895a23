import { staleVersion } from '@ot/contracts/errors/domain-errors.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import {
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@ot/infra/event-store/event-store.ts';
import { nameBasedId } from '@ot/infra/event-store/name-based-id.ts';

/** The n-th event a command appends: named after the command, so a retried command appends the same ids. */
export const commandEventId = (commandId: string, index: number): string => nameBasedId(`${commandId}/event/${index}`);

/** Any other id a command needs (a notification, an order), the same each time the command is retried. */
export const commandDerivedId = (context: CommandContext, purpose: string): string =>
  nameBasedId(`${context.commandId}/${purpose}`);

/** Give decided events their envelope: who, when, which command; ids from the command id. */
export function toNewEvents(
  events: readonly { type: string; data: unknown }[],
  context: CommandContext,
  eventId: (index: number) => string = (index) => commandEventId(context.commandId, index),
): NewEvent[] {
  return events.map((event, index) => ({
    id: eventId(index),
    type: event.type,
    data: event.data,
    metadata: {
      actor: context.actor,
      occurredAt: context.now,
      commandId: context.commandId,
      correlationId: context.correlationId,
      causationId: null,
    },
  }));
}

export interface HandledCommand<Event> {
  /** The stream as the command saw it (for a command that had already landed: up to its last event). */
  history: RecordedEvent[];
  /** What this call appended (nothing when the command changed nothing, or had already landed). */
  appended: Event[];
  version: number;
  /** Global position of the command's last event; 0 when it changed nothing. */
  position: number;
}

const MAX_ATTEMPTS = 100;
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** Math.min(attempt, 6))));

/**
 * The write pipeline of every command: read the stream, decide, append with the expected version.
 * - Safe to retry: a command whose events are already in the stream (same command id) is answered
 *   from the stream as it stood after them, and appends nothing again.
 * - With `ifMatch` (the client's `If-Match`) a stale version is a Conflict carrying the current one.
 * - Without it, a write that lands between read and append makes the command decide again on the new
 *   state, until it applies or the decider refuses.
 * `decide` may be async: anything fallible the answer needs is read there, before the append, so
 * nothing can fail once the events are committed.
 */
export async function handleCommand<Event extends { type: string; data: unknown }>(
  store: EventStore,
  options: {
    stream: string;
    context: CommandContext;
    ifMatch?: number | undefined;
    /** Checked before `If-Match`, e.g. "the order exists". */
    precheck?: (history: RecordedEvent[]) => void;
    decide: (history: RecordedEvent[]) => Event[] | Promise<Event[]>;
    eventId?: (index: number) => string;
  },
): Promise<HandledCommand<Event>> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(options.stream);
    const landed = history.findLastIndex((event) => event.metadata.commandId === options.context.commandId);
    const last = history[landed];
    if (last)
      return { history: history.slice(0, landed + 1), appended: [], version: last.version, position: last.position };

    options.precheck?.(history);
    const version = history.at(-1)?.version ?? 0;
    if (options.ifMatch !== undefined && options.ifMatch !== version) throw staleVersion(version);
    const events = await options.decide(history);
    if (events.length === 0) return { history, appended: [], version, position: 0 };
    try {
      const { nextVersion, position } = await store.append(
        options.stream,
        toNewEvents(events, options.context, options.eventId),
        { expectedVersion: version === 0 ? 'no_stream' : version },
      );
      return { history, appended: events, version: nextVersion, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (options.ifMatch !== undefined) throw staleVersion(error.actual);
      if (attempt >= MAX_ATTEMPTS) throw error;
      await pause(attempt);
    }
  }
}
