import {
  type AllStreamResolvedEvent,
  ANY,
  BACKWARDS,
  END,
  WrongExpectedVersionError as EsdbWrongExpectedVersion,
  EventStoreDBClient,
  jsonEvent,
  NO_STREAM,
  type Position,
  type ResolvedEvent,
  START,
  streamNameFilter,
} from '@eventstore/db-client';
import type { EventMetadata } from '@ot/contracts/events/event-envelope.ts';
import { eventHash } from './event-hash.ts';
import {
  type AppendResult,
  type AuditedEvent,
  type AuditFilter,
  type Checkpoint,
  checkpointOf,
  EventIdsTakenError,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  start,
  WrongExpectedVersionError,
} from './event-store.ts';

/** Reads of `$all` go page by page: it also holds the server's own events and other applications' streams. */
const PAGE = 500;

/**
 * The EventStoreDB adapter. Stream names are ours; a stream's version is its revision + 1. The global
 * order is `$all` restricted to our stream prefixes; a checkpoint is the (commit, prepare) position, as
 * `tx` and `position`. Checkpoints themselves stay in the read-model database.
 *
 * EventStoreDB has no index of event ids, while our port promises ids unique across the store: the
 * adapter keeps one in memory (id -> stream, version), filled from `$all` and brought up to date before
 * each append and lookup. A retried append of the same ids is answered from it, and ids already in
 * another stream are refused. That check precedes the write, so unlike Postgres's unique index it does
 * not stop two writers racing the same new ids into two different streams at the same moment.
 */
export function createEventStoreDbEventStore(connectionString: string, streamPrefixes: string[]): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const ours = (stream: string) => streamPrefixes.some((prefix) => stream.startsWith(prefix));
  const listeners = new Set<() => void>();
  let subscription: ReturnType<EventStoreDBClient['subscribeToAll']> | null = null;
  let closed = false;

  const toRevision = (expected: ExpectedVersion) =>
    expected === 'any' ? ANY : expected === 'no_stream' || expected === 0 ? NO_STREAM : BigInt(expected - 1);

  const toRecorded = (resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null => {
    const event = resolved.event;
    if (!event?.isJson || !ours(event.streamId)) return null;
    const { schemaVersion, ...metadata } = event.metadata as { schemaVersion?: number } & EventMetadata;
    return {
      id: event.id,
      type: event.type,
      data: event.data,
      metadata,
      schemaVersion: schemaVersion ?? 1,
      stream: event.streamId,
      version: Number(event.revision) + 1,
      position: Number(event.position?.prepare ?? 0n),
      tx: Number(event.position?.commit ?? 0n),
    };
  };

  const isAfter = (position: Position, checkpoint: Checkpoint) =>
    position.commit > BigInt(checkpoint.tx) ||
    (position.commit === BigInt(checkpoint.tx) && position.prepare > BigInt(checkpoint.position));

  async function readAllPage(
    from: Position | typeof START | typeof END,
    direction: 'forwards' | 'backwards',
    size = PAGE,
  ): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of client.readAll({ fromPosition: from, direction, maxCount: size })) page.push(resolved);
    return page;
  }

  /** Our events after `after`, at most `limit`; reading `$all` from a position includes that position. */
  async function readOurs(after: Checkpoint, limit: number): Promise<RecordedEvent[]> {
    let from: Position | typeof START =
      after.tx === 0 && after.position === 0 ? START : { commit: BigInt(after.tx), prepare: BigInt(after.position) };
    for (;;) {
      const page = await readAllPage(from, 'forwards');
      const events = page
        .filter((resolved) => resolved.event?.position && isAfter(resolved.event.position, after))
        .flatMap((resolved) => toRecorded(resolved) ?? []);
      const last = page[page.length - 1]?.event?.position;
      if (events.length > 0 || page.length < PAGE || !last) return events.slice(0, limit);
      from = last;
    }
  }

  // The id index: every event of ours up to `indexed`, by id; and the streams naming each order number.
  const index = new Map<string, { stream: string; version: number; position: number }>();
  const namingOrder = new Map<string, Set<string>>();
  let indexed: Checkpoint = start;
  let indexing: Promise<void> = Promise.resolve();
  function catchUpIndex(): Promise<void> {
    const run = indexing.then(async () => {
      for (;;) {
        const batch = await readOurs(indexed, PAGE);
        if (batch.length === 0) return;
        for (const { id, stream, version, position, data } of batch) {
          index.set(id, { stream, version, position });
          const named = (data as { orderNumber?: unknown } | null)?.orderNumber;
          if (typeof named === 'string') namingOrder.set(named, (namingOrder.get(named) ?? new Set()).add(stream));
        }
        indexed = checkpointOf(batch[batch.length - 1] as RecordedEvent);
      }
    });
    indexing = run.catch(() => {});
    return run;
  }

  /** Events with these ids already in this stream: a retried append, answered as the first one was. */
  async function alreadyAppended(stream: string, events: readonly NewEvent[]): Promise<AppendResult | null> {
    await catchUpIndex();
    const found = events.flatMap((event) => index.get(event.id) ?? []);
    if (found.length === 0) return null;
    const foreign = found.find((entry) => entry.stream !== stream);
    if (foreign) throw new EventIdsTakenError(stream, foreign.stream);
    const last = found.reduce((a, b) => (b.version > a.version ? b : a));
    if (found.length !== events.length)
      throw new Error(`Only some of these event ids were already appended to ${stream}`);
    return { nextVersion: last.version, position: last.position };
  }

  async function streamVersion(stream: string): Promise<number> {
    try {
      let version = 0;
      // Read to its end (one event), not returned from inside: an abandoned read keeps its call open.
      for await (const resolved of client.readStream(stream, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        version = Number(resolved.event?.revision ?? -1n) + 1;
      }
      return version;
    } catch (error) {
      if ((error as { type?: string }).type === 'stream-not-found') return 0;
      throw error;
    }
  }

  const withRecordedAt = (resolved: ResolvedEvent | AllStreamResolvedEvent) => {
    const event = toRecorded(resolved);
    return event && { event, recordedAt: (resolved.event?.created ?? new Date(0)).toISOString() };
  };

  /**
   * EventStoreDB keeps no hash of ours: the chain is computed as the events are read, the same way
   * Postgres computes it on append (event-hash.ts), so the two adapters' exports agree.
   */
  const chain = (previous: Map<string, Buffer>, event: RecordedEvent, recordedAt: string): AuditedEvent => {
    const hash = eventHash(previous.get(event.stream) ?? null, event);
    previous.set(event.stream, hash);
    return { ...event, recordedAt, hash: hash.toString('hex') };
  };
  const inRange = (event: AuditedEvent, filter: AuditFilter) =>
    (!filter.from || event.recordedAt >= new Date(filter.from).toISOString()) &&
    (!filter.to || event.recordedAt < new Date(filter.to).toISOString());

  async function* readAudited(filter: AuditFilter): AsyncIterable<AuditedEvent> {
    const previous = new Map<string, Buffer>();
    if (filter.streams) {
      const found: AuditedEvent[] = [];
      for (const stream of new Set(filter.streams)) {
        try {
          for await (const resolved of client.readStream(stream, { fromRevision: START })) {
            const read = withRecordedAt(resolved);
            if (read) found.push(chain(previous, read.event, read.recordedAt));
          }
        } catch (error) {
          if ((error as { type?: string }).type !== 'stream-not-found') throw error;
        }
      }
      found.sort((a, b) => a.tx - b.tx || a.position - b.position);
      yield* found.filter((event) => inRange(event, filter));
      return;
    }
    // The whole log, page by page; only the last hash of each stream is kept.
    let from: Position | typeof START = START;
    let after: Checkpoint = start;
    for (;;) {
      const page = await readAllPage(from, 'forwards');
      for (const resolved of page) {
        if (!resolved.event?.position || !isAfter(resolved.event.position, after)) continue;
        const read = withRecordedAt(resolved);
        if (!read) continue;
        const event = chain(previous, read.event, read.recordedAt);
        if (inRange(event, filter)) yield event;
      }
      const last = page[page.length - 1]?.event?.position;
      if (page.length < PAGE || !last) return;
      from = last;
      after = { tx: Number(last.commit), position: Number(last.prepare) };
    }
  }

  /** From the id index (filled from `$all` in global order, so each Set keeps the order the streams first named it). */
  async function streamsNamingOrder(orderNumber: string): Promise<string[]> {
    await catchUpIndex();
    return [...(namingOrder.get(orderNumber) ?? [])];
  }

  async function readStream(stream: string, options: { toVersion?: number } = {}): Promise<RecordedEvent[]> {
    if (options.toVersion !== undefined && options.toVersion < 1) return [];
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(stream, { fromRevision: START, maxCount: options.toVersion })) {
        const event = toRecorded(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if ((error as { type?: string }).type === 'stream-not-found') return [];
      throw error;
    }
    return events;
  }

  /** One subscription to `$all` per process, only to wake followers; resubscribes after a lost connection. */
  function subscribe() {
    const current = client.subscribeToAll({
      fromPosition: END,
      filter: streamNameFilter({ prefixes: streamPrefixes }),
    });
    const notify = () => {
      for (const listener of listeners) listener();
    };
    current.on('data', notify);
    current.on('error', () => {
      if (subscription !== current) return;
      subscription = null;
      setTimeout(() => {
        if (closed || subscription || listeners.size === 0) return;
        subscription = subscribe();
        notify(); // anything appended while we were away is read by the followers' next pass
      }, 1000).unref();
    });
    return current;
  }

  async function newestOfOurs(): Promise<Checkpoint | null> {
    let from: Position | typeof END = END;
    for (let size = 16; ; size = Math.min(size * 4, PAGE)) {
      const page = await readAllPage(from, 'backwards', size);
      const newest = page.find((resolved) => toRecorded(resolved))?.event?.position;
      if (newest) return { tx: Number(newest.commit), position: Number(newest.prepare) };
      const oldest = page[page.length - 1]?.event?.position;
      if (page.length < size || !oldest) return null;
      from = oldest;
    }
  }

  return {
    async append(stream, events, { expectedVersion, landed }) {
      if (events.length === 0) {
        const version = await streamVersion(stream);
        const wanted = expectedVersion === 'no_stream' ? 0 : expectedVersion;
        if (wanted !== 'any' && wanted !== version)
          throw new WrongExpectedVersionError(stream, expectedVersion, version);
        return { nextVersion: version, position: 0 };
      }
      const retried = await alreadyAppended(stream, events);
      if (retried && landed === 'conflict') {
        throw new WrongExpectedVersionError(stream, expectedVersion, await streamVersion(stream));
      }
      if (retried) return retried;
      try {
        const result = await client.appendToStream(
          stream,
          events.map((event) =>
            jsonEvent({
              id: event.id,
              type: event.type,
              data: event.data as Record<string, unknown>,
              metadata: { ...event.metadata, schemaVersion: event.schemaVersion ?? 1 },
            }),
          ),
          { expectedRevision: toRevision(expectedVersion) },
        );
        return {
          nextVersion: Number(result.nextExpectedRevision) + 1,
          position: Number(result.position?.prepare ?? 0n),
        };
      } catch (error) {
        if (!(error instanceof EsdbWrongExpectedVersion)) throw error;
        // The same events may have been appended meanwhile by a concurrent retry.
        const again = await alreadyAppended(stream, events).catch((failure: unknown) => {
          if (failure instanceof EventIdsTakenError) throw failure;
          return null;
        });
        if (again && landed !== 'conflict') return again;
        const actual = error.actualVersion === 'no_stream' ? 0 : Number(error.actualVersion) + 1;
        throw new WrongExpectedVersionError(stream, expectedVersion, actual);
      }
    },

    readStream,

    readAudited,
    streamsNamingOrder,

    readAll: ({ after, limit }) => readOurs(after, limit),

    async readEventsById(ids) {
      await catchUpIndex();
      const wanted = new Set(ids);
      const streams = new Set(ids.flatMap((id) => index.get(id)?.stream ?? []));
      const found: RecordedEvent[] = [];
      for (const stream of streams) {
        found.push(...(await readStream(stream)).filter((event) => wanted.has(event.id)));
      }
      return found.sort((a, b) => a.tx - b.tx || a.position - b.position);
    },

    async onAppended(listener) {
      listeners.add(listener);
      subscription ??= subscribe();
      return async () => {
        listeners.delete(listener);
        if (listeners.size === 0 && subscription) {
          const current = subscription;
          subscription = null;
          await current.unsubscribe();
        }
      };
    },

    /**
     * The head is our newest event, read backwards from the end of `$all`: asked before every signed-in
     * read, so it starts with a small page (the newest event is usually ours). A single-append write's
     * commit and prepare positions are equal, so the event at `position` stands at (position, position);
     * beyond the head there is none yet.
     */
    async locate(position) {
      const head = await newestOfOurs();
      const event = position > 0 && head && position <= head.position ? { tx: position, position } : null;
      return { head, event };
    },

    async close() {
      closed = true;
      const current = subscription;
      subscription = null;
      await current?.unsubscribe();
      await client.dispose();
    },
  };
}
