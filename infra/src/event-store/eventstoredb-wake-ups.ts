import { END, type EventStoreDBClient, streamNameFilter } from '@eventstore/db-client';

/**
 * One subscription to `$all` per process, only to wake followers (the `onAppended` of the port); it
 * resubscribes after a lost connection, and calls every listener then.
 */
export function createAppendedWakeUps(client: EventStoreDBClient, streamPrefixes: string[]) {
  const listeners = new Set<() => void>();
  let subscription: ReturnType<EventStoreDBClient['subscribeToAll']> | null = null;
  let closed = false;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  function subscribe() {
    const current = client.subscribeToAll({
      fromPosition: END,
      filter: streamNameFilter({ prefixes: streamPrefixes }),
    });
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

  const unsubscribe = async () => {
    const current = subscription;
    subscription = null;
    await current?.unsubscribe();
  };

  return {
    async onAppended(listener: () => void): Promise<() => Promise<void>> {
      listeners.add(listener);
      subscription ??= subscribe();
      return async () => {
        listeners.delete(listener);
        if (listeners.size === 0) await unsubscribe();
      };
    },
    async close(): Promise<void> {
      closed = true;
      await unsubscribe();
    },
  };
}
