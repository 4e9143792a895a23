import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import { type OrderEvent, orderStream, parseOrderEvent } from '@ot/contracts/orders/order-events.ts';
import { isOrderComplete } from '@ot/contracts/orders/order-rules.ts';
import { evolve, initialOrderState, type OrderState } from '@ot/contracts/orders/order-state.ts';
import type { OrderViewMeta } from '@ot/contracts/orders/to-order-view.ts';
import type { EventStore, NewEvent } from '@ot/infra/event-store/event-store.ts';

export { orderStream };

export interface LoadedOrder {
  state: OrderState;
  version: number;
  meta: OrderViewMeta;
}

export async function loadOrder(store: EventStore, orderNumber: string): Promise<LoadedOrder> {
  const events = await store.readStream(orderStream(orderNumber));
  let state = initialOrderState();
  let deliveredAt: string | null = null;
  for (const recorded of events) {
    const event = parseOrderEvent(recorded);
    if (!event) continue;
    state = evolve(state, event);
    deliveredAt = state && isOrderComplete(state.items) ? (deliveredAt ?? event.metadata.occurredAt) : null;
  }
  const meta = {
    version: events.at(-1)?.version ?? 0,
    createdAt: events[0]?.metadata.occurredAt ?? '',
    updatedAt: events.at(-1)?.metadata.occurredAt ?? '',
    deliveredAt,
  };
  return { state, version: meta.version, meta };
}

/** Give decided events their envelope: ids from the command id (so a retried command appends the same ids). */
export function toNewEvents(events: readonly OrderEvent[], context: CommandContext, newId: () => string): NewEvent[] {
  return events.map((event) => ({
    id: newId(),
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
