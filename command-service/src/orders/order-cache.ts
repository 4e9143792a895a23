import type { PrivateEventStore } from '@ot/infra/event-store/create-event-store.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import { type RecentlyUsed, recentlyUsed } from '@ot/infra/recently-used.ts';
import type { LoadedOrder } from './order.ts';

/**
 * An order as this process last saw it: the fold of its stream up to `loaded.version`, and the commands
 * in its stream (at least those up to that version: a command id seen here is never decided on it again).
 */
export interface KnownOrder {
  loaded: LoadedOrder;
  commandIds: Set<string>;
}

const MAX_ORDERS = 5000;
const caches = new WeakMap<EventStore, RecentlyUsed<string, KnownOrder>>();

/**
 * Orders by stream, as last folded here, for each event store (tests run several databases in one
 * process). A stream only grows, so an entry is always the true state at its version, perhaps behind:
 * a command decided on it appends with that expected version, and any write it missed makes the append
 * a conflict. The least recently used go first past MAX_ORDERS.
 */
export function knownOrders(store: EventStore) {
  let orders = caches.get(store);
  if (!orders) {
    const created = recentlyUsed<string, KnownOrder>(MAX_ORDERS);
    // An erasure (here or in another process) makes a folded order's customer details stale: fold again.
    if ('keyring' in store) (store as PrivateEventStore).keyring.onForget(() => created.clear());
    orders = created;
    caches.set(store, orders);
  }
  const known = orders;
  return {
    get: (stream: string): KnownOrder | undefined => known.get(stream),
    has: (stream: string) => known.has(stream),
    set(stream: string, order: KnownOrder): void {
      if (order.loaded.state === null) return; // only orders that exist
      if ((known.get(stream)?.loaded.version ?? 0) > order.loaded.version) return; // a later one is kept
      known.set(stream, order);
    },
    forget: (stream: string) => known.delete(stream),
  };
}
