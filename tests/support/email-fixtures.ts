import { randomUUID } from 'node:crypto';
import { emailTypes } from '@ot/contracts/email/email-fields.ts';
import type { Actor } from '@ot/contracts/events/event-envelope.ts';
import { type OrderEvent, type OrderEventData, orderStream } from '@ot/contracts/orders/order-events.ts';
import { janesAddress, sampleItem, sampleOrderPlaced } from '@ot/contracts/testing/sample-order.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';

const studioAdmin: Actor = { kind: 'admin', id: 'admin-1', name: 'studio.admin' };

const envelope = (event: OrderEvent, actor: Actor) => ({
  id: randomUUID(),
  type: event.type,
  data: event.data,
  metadata: {
    actor,
    occurredAt: new Date().toISOString(),
    commandId: randomUUID(),
    correlationId: randomUUID(),
    causationId: null,
  },
});

export function placedOrder(
  orderNumber: string,
  customerEmail: string,
  overrides: Partial<OrderEventData['OrderPlaced']> = {},
): OrderEvent {
  return {
    type: 'OrderPlaced',
    data: sampleOrderPlaced({
      orderId: randomUUID(),
      orderNumber,
      customerEmail,
      customerPhone: null,
      shippingAddress: null,
      billingAddress: { ...janesAddress, state: null },
      items: [
        sampleItem({
          id: randomUUID(),
          sku: `${orderNumber}-01`,
          estimatedDelivery: '2026-12-05',
          status: 'order_placed_with_manufacturer',
        }),
        sampleItem({
          id: randomUUID(),
          name: 'Irons',
          sku: `${orderNumber}-02`,
          price: 40_000,
          manufacturer: 'Mizuno',
        }),
      ],
      ...overrides,
    }),
  };
}

/**
 * Given: an order whose change asked for a customer email, appended as the edit flow does it (the
 * request in the same append as the change, in the order's stream). Returns the notification id.
 */
export async function orderWithRequestedEmail(
  store: EventStore,
  orderNumber: string,
  recipientEmail: string,
  overrides: Partial<OrderEventData['OrderPlaced']> = {},
): Promise<string> {
  const notificationId = randomUUID();
  const events: OrderEvent[] = [
    placedOrder(orderNumber, recipientEmail, overrides),
    {
      type: 'CustomerNotificationRequested',
      data: { notificationId, recipientEmail, emailType: emailTypes.orderUpdate, requestedBy: studioAdmin.name },
    },
  ];
  await store.append(
    orderStream(orderNumber),
    events.map((event) => envelope(event, studioAdmin)),
    { expectedVersion: 'no_stream' },
  );
  return notificationId;
}

/** Poll until `check` holds (or fail after `timeoutMs`), returning its last value. */
export async function eventually<T>(
  check: () => Promise<T>,
  holds: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (holds(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
