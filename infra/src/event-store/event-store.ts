import type { NewEvent, RecordedEvent } from '@ot/contracts/events/event-envelope.ts';

export type { NewEvent, RecordedEvent };

/** `no_stream`: the stream must not exist yet; a number: the stream's current version; `any`: no check. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface AppendResult {
  nextVersion: number;
  /** Global position of the last appended event. */
  position: number;
}

/** Where a follower stands in the global order; `{tx: 0, position: 0}` is before the first event. */
export interface Checkpoint {
  tx: number;
  position: number;
}
export const start: Checkpoint = { tx: 0, position: 0 };

export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${stream} is at version ${actual}, expected ${expected}`);
  }
}

/** Event ids are unique across the store: these were already appended to another stream. */
export class EventIdsTakenError extends Error {
  readonly code = 'EVENT_IDS_TAKEN';
  constructor(
    readonly stream: string,
    readonly takenBy: string,
  ) {
    super(`Some of these event ids were already appended to ${takenBy}, not ${stream}`);
  }
}

/** An event as an auditor reads it: with when the store recorded it and its link in the stream's hash chain. */
export interface AuditedEvent extends RecordedEvent {
  recordedAt: string;
  /** sha256 hex of (previous hash in the stream + canonical document): see event-hash.ts. */
  hash: string;
  /**
   * The data and metadata as stored, when they hold personal values sealed per customer
   * (infra/src/privacy/): what the hash covers. Absent when they are stored as read.
   */
  sealed?: { data: unknown; metadata: unknown };
}

/** Which events an audit read returns: some streams only, and/or recorded in [from, to). */
export interface AuditFilter {
  streams?: readonly string[];
  from?: string;
  to?: string;
}

export interface EventStore {
  append(
    stream: string,
    events: readonly NewEvent[],
    options: {
      expectedVersion: ExpectedVersion;
      /**
       * An append whose events are in the stream already (a retry of one that landed) is answered as it
       * was the first time; with 'conflict' it is a WrongExpectedVersionError instead, as its expected
       * version no longer matches (for a caller that decided on a state it kept, not one it read).
       */
      landed?: 'answer' | 'conflict';
    },
  ): Promise<AppendResult>;
  readStream(stream: string, options?: { toVersion?: number }): Promise<RecordedEvent[]>;
  /** The stored events among these ids, in global order (an id never stored is left out). */
  readEventsById(ids: readonly string[]): Promise<RecordedEvent[]>;
  /**
   * Events for auditors, in global order, read page by page as the caller iterates (a cursor: memory
   * stays constant however many there are).
   */
  readAudited(filter: AuditFilter): AsyncIterable<AuditedEvent>;
  /**
   * The streams holding an event whose data names this order number (`data.orderNumber`, exactly), in
   * the order they first named it: the order's own stream, and those that live apart but are about it (a resent
   * email's). How an order's whole history is found from the events alone.
   */
  streamsNamingOrder(orderNumber: string): Promise<string[]>;
  /**
   * The next batch of events after a checkpoint, in the order followers must apply them. `dataOf`: a
   * follower needs the data of these types only; an adapter may answer the others with `data: null`
   * (still read, so the checkpoint passes them; the notifier skips an import's orders so).
   */
  readAll(options: { after: Checkpoint; limit: number; dataOf?: ReadonlySet<string> }): Promise<RecordedEvent[]>;
  /** Calls back (without data) whenever new events may be readable; returns an unsubscribe. */
  onAppended(listener: () => void): Promise<() => Promise<void>>;
  /**
   * Optional fast path for bulk imports: start many streams, one event each, in one write; a stream
   * that already exists is left alone. Use `startStreams()` below, which falls back to `append`.
   */
  startStreams?(entries: readonly { stream: string; event: NewEvent }[]): Promise<(AppendResult | null)[]>;
  /**
   * The one question "has a follower reached position P", asked of the log: where its head (the last event
   * a follower will apply among those committed so far) and the event at `position` (0: none asked) stand
   * in the followers' order. A follower's checkpoint is then compared in memory (`reached`).
   */
  locate(position: number): Promise<LogPlace>;
  /**
   * `locate` as columns for a statement of the caller's own on the store's database (the query service
   * asks it beside the session row, one round trip): `columns(param)` selects it with the asked position
   * in `param` (e.g. `$2`), `read(row, position)` answers what `locate` would. Only where that database
   * is the store's own (Postgres).
   */
  locateColumns?: {
    columns(param: string): string;
    read(row: Record<string, unknown>, position: number): LogPlace;
  };
  close(): Promise<void>;
}

/** Where the log's head and one event stand, as checkpoints; null when there is no head, or no such event yet. */
export interface LogPlace {
  head: Checkpoint | null;
  event: Checkpoint | null;
}

/** Whether a follower at `checkpoint` has applied the event standing at `place`. */
export const reaches = (checkpoint: Checkpoint, place: Checkpoint): boolean =>
  place.tx < checkpoint.tx || (place.tx === checkpoint.tx && place.position <= checkpoint.position);

/**
 * Whether a follower at `checkpoint` has reached what `locate` found: the asked event (when `event`; an
 * event not there yet is not reached) and the head (when `head`; an empty log is reached).
 */
export const reached = (checkpoint: Checkpoint, place: LogPlace, asked: { event: boolean; head: boolean }): boolean =>
  (!asked.event || (place.event !== null && reaches(checkpoint, place.event))) &&
  (!asked.head || place.head === null || reaches(checkpoint, place.head));

/** Whether two checkpoints are the same place in the log. */
export const sameCheckpoint = (a: Checkpoint, b: Checkpoint): boolean => a.tx === b.tx && a.position === b.position;

export const checkpointOf = (event: RecordedEvent): Checkpoint => ({ tx: event.tx, position: event.position });

/** Start each stream with its event unless it exists already (null for those), in the order given. */
export async function startStreams(
  store: EventStore,
  entries: readonly { stream: string; event: NewEvent }[],
): Promise<(AppendResult | null)[]> {
  if (store.startStreams) return store.startStreams(entries);
  const results: (AppendResult | null)[] = [];
  for (const { stream, event } of entries) {
    try {
      results.push(await store.append(stream, [event], { expectedVersion: 'no_stream' }));
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      results.push(null);
    }
  }
  return results;
}
