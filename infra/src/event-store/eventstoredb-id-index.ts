import {
  type AppendResult,
  type Checkpoint,
  checkpointOf,
  EventIdsTakenError,
  type NewEvent,
  type RecordedEvent,
  start,
} from './event-store.ts';
import { type EsdbReads, PAGE, readOurs } from './eventstoredb-reads.ts';

/**
 * EventStoreDB has no index of event ids, while our port promises ids unique across the store: every
 * event of ours by id, filled from `$all` and brought up to date before each append and lookup, and the
 * streams naming each order number (in the order they first named it: `$all` is read in global order).
 */
export function createIdIndex(reads: EsdbReads) {
  const index = new Map<string, { stream: string; version: number; position: number }>();
  const namingOrder = new Map<string, Set<string>>();
  let indexed: Checkpoint = start;
  let indexing: Promise<void> = Promise.resolve();
  function catchUp(): Promise<void> {
    const run = indexing.then(async () => {
      for (;;) {
        const batch = await readOurs(reads, indexed, PAGE);
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

  return {
    /** Events with these ids already in this stream: a retried append, answered as the first one was. */
    async alreadyAppended(stream: string, events: readonly NewEvent[]): Promise<AppendResult | null> {
      await catchUp();
      const found = events.flatMap((event) => index.get(event.id) ?? []);
      if (found.length === 0) return null;
      const foreign = found.find((entry) => entry.stream !== stream);
      if (foreign) throw new EventIdsTakenError(stream, foreign.stream);
      const last = found.reduce((a, b) => (b.version > a.version ? b : a));
      if (found.length !== events.length)
        throw new Error(`Only some of these event ids were already appended to ${stream}`);
      return { nextVersion: last.version, position: last.position };
    },
    async streamsNamingOrder(orderNumber: string): Promise<string[]> {
      await catchUp();
      return [...(namingOrder.get(orderNumber) ?? [])];
    },
    /** The streams holding any of these ids. */
    async streamsOf(ids: readonly string[]): Promise<Set<string>> {
      await catchUp();
      return new Set(ids.flatMap((id) => index.get(id)?.stream ?? []));
    },
  };
}

export type IdIndex = ReturnType<typeof createIdIndex>;
