import {
  type AllStreamResolvedEvent,
  ANY,
  WrongExpectedVersionError as EsdbWrongExpectedVersion,
  EventStoreDBClient,
  type JSONRecordedEvent,
  jsonEvent,
  NO_STREAM,
  type ResolvedEvent,
  START,
  streamNameFilter,
} from '@eventstore/db-client';
import type { EventMetadata } from '@ot/contracts/events/event-envelope.ts';
import {
  type Checkpoint,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './event-store.ts';

/**
 * The EventStoreDB adapter: same stream names; stream versions are revisions + 1; the global
 * order is `$all` filtered to our stream prefixes, and (commit, prepare) is the checkpoint.
 * Checkpoints themselves stay in the read-model database.
 */
export function createEventStoreDbEventStore(connectionString: string, streamPrefixes: string[]): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const listeners = new Set<() => void>();
  let subscription: ReturnType<EventStoreDBClient['subscribeToAll']> | null = null;

  const toRevision = (expected: ExpectedVersion) =>
    expected === 'any' ? ANY : expected === 'no_stream' || expected === 0 ? NO_STREAM : BigInt(expected - 1);

  const toRecorded = (resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null => {
    const event = resolved.event as JSONRecordedEvent | undefined;
    if (!event || event.type.startsWith('$')) return null;
    const metadata = event.metadata as { schemaVersion?: number } & EventMetadata;
    const { schemaVersion, ...meta } = metadata;
    return {
      id: event.id,
      type: event.type,
      data: event.data,
      metadata: meta,
      schemaVersion: schemaVersion ?? 1,
      stream: event.streamId,
      version: Number(event.revision) + 1,
      position: Number(event.position?.prepare ?? 0n),
      tx: Number(event.position?.commit ?? 0n),
    };
  };

  async function streamVersion(stream: string): Promise<number> {
    try {
      for await (const resolved of client.readStream(stream, {
        direction: 'backwards',
        fromRevision: 'end',
        maxCount: 1,
      })) {
        return Number(resolved.event?.revision ?? -1n) + 1;
      }
    } catch (error) {
      if ((error as { type?: string }).type === 'stream-not-found') return 0;
      throw error;
    }
    return 0;
  }

  return {
    async append(stream, events, { expectedVersion }) {
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
        if (error instanceof EsdbWrongExpectedVersion) {
          throw new WrongExpectedVersionError(stream, expectedVersion, await streamVersion(stream));
        }
        throw error;
      }
    },

    async readStream(stream, options = {}) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(stream, { fromRevision: START })) {
          const event = toRecorded(resolved);
          if (!event) continue;
          if (options.toVersion !== undefined && event.version > options.toVersion) break;
          events.push(event);
        }
      } catch (error) {
        if ((error as { type?: string }).type === 'stream-not-found') return [];
        throw error;
      }
      return events;
    },

    async readEventsById() {
      // B1 implements the lookup for EventStoreDB; until then the import's "already imported" check needs Postgres.
      throw new Error('readEventsById is not implemented for EventStoreDB yet');
    },

    async readAll({ after, limit }) {
      const fromPosition =
        after.tx === 0 && after.position === 0 ? START : { commit: BigInt(after.tx), prepare: BigInt(after.position) };
      const events: RecordedEvent[] = [];
      for await (const resolved of client.readAll({
        fromPosition,
        maxCount: limit + 1,
        filter: streamNameFilter({ prefixes: streamPrefixes }),
      } as Parameters<EventStoreDBClient['readAll']>[0])) {
        const event = toRecorded(resolved);
        if (!event) continue;
        if (event.tx === after.tx && event.position === after.position) continue; // fromPosition is inclusive
        events.push(event);
        if (events.length === limit) break;
      }
      return events;
    },

    async onAppended(listener) {
      listeners.add(listener);
      if (!subscription) {
        subscription = client.subscribeToAll({
          fromPosition: 'end',
          filter: streamNameFilter({ prefixes: streamPrefixes }),
        });
        subscription.on('data', () => {
          for (const notify of listeners) notify();
        });
        subscription.on('error', () => {});
      }
      return async () => {
        listeners.delete(listener);
        if (listeners.size === 0 && subscription) {
          await subscription.unsubscribe();
          subscription = null;
        }
      };
    },

    async hasPassed(checkpoint: Checkpoint, position: number) {
      return checkpoint.position >= position;
    },

    async close() {
      await subscription?.unsubscribe();
      await client.dispose();
    },
  };
}
