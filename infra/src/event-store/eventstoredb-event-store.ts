import {
  ANY,
  WrongExpectedVersionError as EsdbWrongExpectedVersion,
  EventStoreDBClient,
  jsonEvent,
  NO_STREAM,
} from '@eventstore/db-client';
import {
  type AppendResult,
  EventIdsTakenError,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './event-store.ts';
import { readAudited } from './eventstoredb-audit.ts';
import { createIdIndex, type IdIndex } from './eventstoredb-id-index.ts';
import {
  type EsdbReads,
  newestOfOurs,
  readOurs,
  readStream,
  storedStream,
  streamVersion,
} from './eventstoredb-reads.ts';
import { createAppendedWakeUps } from './eventstoredb-wake-ups.ts';

/**
 * The EventStoreDB adapter. Stream names are ours, kept under `sealed.` (eventstoredb-reads.ts); a stream's
 * version is its revision + 1. The global
 * order is `$all` restricted to our stream prefixes; a checkpoint is the (commit, prepare) position, as
 * `tx` and `position`. Checkpoints themselves stay in the read-model database.
 *
 * EventStoreDB has no index of event ids, while our port promises ids unique across the store: the
 * adapter keeps one in memory (eventstoredb-id-index.ts). A retried append of the same ids is answered
 * from it, and ids already in another stream are refused. That check precedes the write, so unlike
 * Postgres's unique index it does not stop two writers racing the same new ids into two different
 * streams at the same moment.
 */
export function createEventStoreDbEventStore(connectionString: string, streamPrefixes: string[]): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const reads: EsdbReads = { client, streamPrefixes };
  const index = createIdIndex(reads);
  const wakeUps = createAppendedWakeUps(client, streamPrefixes.map(storedStream));
  return {
    append: (stream, events, options) => append(reads, index, stream, events, options),
    readStream: (stream, options) => readStream(reads, stream, options),
    readAudited: (filter) => readAudited(reads, filter),
    streamsNamingOrder: (orderNumber) => index.streamsNamingOrder(orderNumber),
    readAll: ({ after, limit }) => readOurs(reads, after, limit),
    async readEventsById(ids) {
      const wanted = new Set(ids);
      const found: RecordedEvent[] = [];
      for (const stream of await index.streamsOf(ids)) {
        found.push(...(await readStream(reads, stream)).filter((event) => wanted.has(event.id)));
      }
      return found.sort((a, b) => a.tx - b.tx || a.position - b.position);
    },
    onAppended: (listener) => wakeUps.onAppended(listener),
    /**
     * The head is our newest event. A single-append write's commit and prepare positions are equal, so the
     * event at `position` stands at (position, position); beyond the head there is none yet.
     */
    async locate(position) {
      const head = await newestOfOurs(reads);
      const event = position > 0 && head && position <= head.position ? { tx: position, position } : null;
      return { head, event };
    },
    async close() {
      await wakeUps.close();
      await client.dispose();
    },
  };
}

const toRevision = (expected: ExpectedVersion) =>
  expected === 'any' ? ANY : expected === 'no_stream' || expected === 0 ? NO_STREAM : BigInt(expected - 1);

/** An append of no events: only the expected version is checked. */
async function appendNothing(
  reads: EsdbReads,
  stream: string,
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  const version = await streamVersion(reads, stream);
  const wanted = expectedVersion === 'no_stream' ? 0 : expectedVersion;
  if (wanted !== 'any' && wanted !== version) throw new WrongExpectedVersionError(stream, expectedVersion, version);
  return { nextVersion: version, position: 0 };
}

async function append(
  reads: EsdbReads,
  index: IdIndex,
  stream: string,
  events: readonly NewEvent[],
  { expectedVersion, landed }: { expectedVersion: ExpectedVersion; landed?: 'answer' | 'conflict' },
): Promise<AppendResult> {
  if (events.length === 0) return appendNothing(reads, stream, expectedVersion);
  const retried = await index.alreadyAppended(stream, events);
  if (retried && landed === 'conflict') {
    throw new WrongExpectedVersionError(stream, expectedVersion, await streamVersion(reads, stream));
  }
  if (retried) return retried;
  try {
    const result = await reads.client.appendToStream(
      storedStream(stream),
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
    return { nextVersion: Number(result.nextExpectedRevision) + 1, position: Number(result.position?.prepare ?? 0n) };
  } catch (error) {
    if (!(error instanceof EsdbWrongExpectedVersion)) throw error;
    // The same events may have been appended meanwhile by a concurrent retry.
    const again = await index.alreadyAppended(stream, events).catch((failure: unknown) => {
      if (failure instanceof EventIdsTakenError) throw failure;
      return null;
    });
    if (again && landed !== 'conflict') return again;
    const actual = error.actualVersion === 'no_stream' ? 0 : Number(error.actualVersion) + 1;
    throw new WrongExpectedVersionError(stream, expectedVersion, actual);
  }
}
