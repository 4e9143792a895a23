import { randomUUID } from 'node:crypto';
import { emailTypes } from '@ot/contracts/email/email-fields.ts';
import type { Actor } from '@ot/contracts/events/event-envelope.ts';
import { type OrderEvent, type OrderEventData, orderStream } from '@ot/contracts/orders/order-events.ts';
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
    data: {
      orderId: randomUUID(),
      orderNumber,
      customerEmail,
      customerName: 'Jane Golfer',
      customerPhone: null,
      orderDate: '2026-11-01',
      status: 'order_being_processed',
      shippingAddress: null,
      billingAddress: {
        name: 'Jane Golfer',
        address1: '1 Fairway Lane',
        address2: null,
        city: 'St Andrews',
        state: null,
        zipCode: 'KY16 9AA',
        country: 'United Kingdom',
      },
      subtotal: 89_900,
      shipping: 1_500,
      tax: 0,
      total: 91_400,
      amountPaid: 20_000,
      amountRemaining: 71_400,
      trackingNumber: null,
      estimatedDelivery: null,
      customerNotes: null,
      fitterNotes: null,
      squarespaceOrderId: null,
      items: [
        {
          id: randomUUID(),
          name: 'Driver',
          sku: `${orderNumber}-01`,
          price: 49_900,
          quantity: 1,
          imageUrl: null,
          documentUrl: null,
          manufacturer: 'Titleist',
          estimatedDelivery: '2026-12-05',
          status: 'order_placed_with_manufacturer',
        },
        {
          id: randomUUID(),
          name: 'Irons',
          sku: `${orderNumber}-02`,
          price: 40_000,
          quantity: 1,
          imageUrl: null,
          documentUrl: null,
          manufacturer: 'Mizuno',
          estimatedDelivery: null,
          status: 'order_being_processed',
        },
      ],
      ...overrides,
    },
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
