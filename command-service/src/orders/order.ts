import { orderStream, parseOrderEvent } from '@ot/contracts/orders/order-events.ts';
import { orderNumberKey } from '@ot/contracts/orders/order-fields.ts';
import { isOrderComplete } from '@ot/contracts/orders/order-rules.ts';
import { evolve, initialOrderState, type OrderState } from '@ot/contracts/orders/order-state.ts';
import type { OrderViewMeta } from '@ot/contracts/orders/to-order-view.ts';
import type { EventStore, RecordedEvent } from '@ot/infra/event-store/event-store.ts';
import type pg from 'pg';

export { orderStream };

export interface LoadedOrder {
  state: OrderState;
  version: number;
  meta: OrderViewMeta;
}

/**
 * The fold of an order's recorded events: its state, version and the times an order view shows; `from`
 * the fold of the events before them, when known.
 */
export function foldOrderHistory(events: readonly RecordedEvent[], from?: LoadedOrder): LoadedOrder {
  let state = from ? from.state : initialOrderState();
  let deliveredAt: string | null = from ? from.meta.deliveredAt : null;
  for (const recorded of events) {
    const event = parseOrderEvent(recorded);
    if (!event) continue;
    state = evolve(state, event);
    deliveredAt = state && isOrderComplete(state.items) ? (deliveredAt ?? event.metadata.occurredAt) : null;
  }
  const meta = {
    version: events.at(-1)?.version ?? from?.version ?? 0,
    createdAt: from ? from.meta.createdAt : (events[0]?.metadata.occurredAt ?? ''),
    updatedAt: events.at(-1)?.metadata.occurredAt ?? from?.meta.updatedAt ?? '',
    deliveredAt,
  };
  return { state, version: meta.version, meta };
}

/**
 * The stored number of the order a URL names, typed in any case (`ep-0001`), as customers may log in
 * with: the exact stream when it exists, else the order the read model knows by that number without
 * case, else the upper-case stream (an order placed a moment ago is not in the read model yet).
 */
export async function resolveOrderNumber(
  deps: { store: EventStore; pool: pg.Pool },
  requested: string,
): Promise<string> {
  const orderNumber = requested.trim();
  if ((await deps.store.readStream(orderStream(orderNumber), { toVersion: 1 })).length > 0) return orderNumber;
  const { rows } = await deps.pool.query<{ order_number: string }>(
    'select order_number from rm.orders where upper(order_number) = upper($1) order by order_number limit 1',
    [orderNumber],
  );
  return rows[0]?.order_number ?? orderNumberKey(orderNumber);
}
