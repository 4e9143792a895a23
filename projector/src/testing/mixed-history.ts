import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '@ot/contracts/events/event-envelope.ts';
import type { EventDataOf } from '@ot/contracts/events/event-family.ts';
import type { domainEventSchemas } from '@ot/contracts/events/event-registry.ts';
import { janesAddress, sampleItem, sampleOrderPlaced } from '@ot/contracts/testing/sample-order.ts';
import { checkpointOf, type EventStore, start } from '@ot/infra/event-store/event-store.ts';

type EventData = EventDataOf<typeof domainEventSchemas>;

/** One append: events for one stream, in order. */
export interface Append {
  stream: string;
  events: NewEvent[];
}

const address = (name: string) => ({ ...janesAddress, name });

/**
 * A studio's history for benchmarks and the batched-vs-one-at-a-time test, in rounds so an order's events
 * are spread over the log as real edits are: every order placed with two items, then typical edits
 * (item status and ETAs, tracking, an email); with `everyType`, every fourth order also goes through
 * every other kind of event (contact and address changes, notes, documents, completion and back, email
 * failures, retries and a resend, imported customers old and new).
 */
export function mixedHistory(orders: number, options: { everyType?: boolean; prefix?: string } = {}): Append[][] {
  const prefix = options.prefix ?? 'H-';
  let clock = Date.parse('2026-01-01T09:00:00.000Z');
  const event = <T extends keyof EventData>(type: T, data: EventData[T], actor = 'admin'): NewEvent => {
    clock += 1000;
    const metadata: EventMetadata = {
      actor:
        actor === 'admin'
          ? { kind: 'admin', id: 'a-1', name: 'studio.admin' }
          : { kind: 'system', id: 's', name: actor },
      occurredAt: new Date(clock).toISOString(),
      commandId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
    };
    return { id: randomUUID(), type, data, metadata };
  };
  const numbers = Array.from({ length: orders }, (_, i) => `${prefix}${String(i + 1).padStart(6, '0')}`);
  const items = new Map(numbers.map((n) => [n, [randomUUID(), randomUUID()] as const]));
  const emailOf = (i: number) => `golfer${i % Math.max(1, Math.floor(orders / 2))}@example.com`;

  const placed: Append[] = numbers.map((orderNumber, i) => ({
    stream: `order-${orderNumber}`,
    events: [
      event(
        'OrderPlaced',
        sampleOrderPlaced({
          orderId: randomUUID(),
          orderNumber,
          customerEmail: emailOf(i),
          customerName: `Golfer ${i}`,
          customerPhone: i % 3 ? null : '07700 900000',
          orderDate: '2026-01-01',
          shippingAddress: i % 2 ? null : address(`Golfer ${i}`),
          billingAddress: address(`Golfer ${i}`),
          customerNotes: i % 5 ? null : 'Left-handed',
          items: (items.get(orderNumber) ?? []).map((id, k) =>
            k
              ? sampleItem({ id, name: 'Irons 5-PW', sku: `SKU-${k}`, price: 40_000, manufacturer: 'Mizuno' })
              : sampleItem({ id, sku: `SKU-${k}`, manufacturer: null }),
          ),
        }),
      ),
    ],
  }));

  const notifications = new Map<string, string>();
  const edits: Append[] = numbers.map((orderNumber, i) => {
    const [first = '', second = ''] = items.get(orderNumber) ?? [];
    const notificationId = randomUUID();
    notifications.set(orderNumber, notificationId);
    return {
      stream: `order-${orderNumber}`,
      events: [
        event('ItemStatusChanged', {
          itemId: first,
          status: 'order_placed_with_manufacturer',
          previousStatus: 'order_being_processed',
        }),
        event('ItemEstimatedDeliverySet', { itemId: first, estimatedDelivery: '2026-02-01' }),
        event('ItemEstimatedDeliverySet', { itemId: second, estimatedDelivery: '2026-02-10' }),
        event('TrackingNumberAssigned', { trackingNumber: `PF${i}` }),
        event('CustomerNotificationRequested', {
          notificationId,
          recipientEmail: emailOf(i),
          emailType: 'order_update',
          subject: 'Your order was updated',
        }),
      ],
    };
  });
  const rounds = [placed, edits];
  if (!options.everyType) return rounds;

  const rare: Append[] = [];
  numbers.forEach((orderNumber, i) => {
    if (i % 4) return;
    const [first = '', second = ''] = items.get(orderNumber) ?? [];
    const notificationId = notifications.get(orderNumber) ?? '';
    const resendId = randomUUID();
    rare.push(
      {
        stream: `order-${orderNumber}`,
        events: [
          event('CustomerDetailsChanged', {
            customerName: `Golfer ${i} Jr`,
            customerEmail: `Renamed${i}@Example.com`,
            customerPhone: '07700 900001',
          }),
          event('ShippingAddressChanged', { shippingAddress: address('Clubhouse') }),
          event('BillingAddressChanged', { billingAddress: address('Accounts') }),
          event('OrderStatusChanged', {
            status: 'order_placed_with_manufacturer',
            previousStatus: 'order_being_processed',
          }),
          event('OrderEstimatedDeliverySet', { estimatedDelivery: '2026-03-01' }),
          event('CustomerNotesChanged', { customerNotes: 'Call before delivery' }),
          event('FitterNotesChanged', { fitterNotes: 'Lie angle 2 degrees up' }),
          event('SpecDocumentAttached', { documentUrl: `/api/documents/${orderNumber}.pdf` }),
          event('ItemManufacturerChanged', { itemId: second, manufacturer: 'Ping' }),
          event('ItemStatusChanged', {
            itemId: first,
            status: 'order_collected_shipped',
            previousStatus: 'order_placed_with_manufacturer',
          }),
          event('ItemStatusChanged', {
            itemId: second,
            status: 'order_collected_shipped',
            previousStatus: 'order_being_processed',
          }),
        ],
      },
      {
        stream: `email-${notificationId}`,
        events: [
          event(
            'EmailDeliveryFailed',
            { notificationId, attempt: 1, error: 'SendGrid answered 500', nextAttemptAt: '2026-01-02T10:00:00.000Z' },
            'notifier',
          ),
          event('EmailRetryRequested', { notificationId, requestedBy: 'studio.admin' }),
          event(
            'EmailDeliveryFailed',
            { notificationId, attempt: 1, error: 'rejected', nextAttemptAt: null },
            'notifier',
          ),
          event('EmailRetryRequested', { notificationId, requestedBy: null }),
          event('EmailSent', { notificationId, attempt: 1, possibleDuplicate: i % 8 === 0 }, 'notifier'),
        ],
      },
      {
        stream: `email-${resendId}`,
        events: [
          event('CustomerNotificationRequested', {
            notificationId: resendId,
            recipientEmail: emailOf(i),
            emailType: 'order_update',
            resendOf: notificationId,
            orderNumber,
            orderVersion: 3,
          }),
          event(
            'EmailDeliveryFailed',
            { notificationId: resendId, attempt: 1, error: 'timeout', nextAttemptAt: '2026-01-03T10:00:00.000Z' },
            'notifier',
          ),
        ],
      },
      {
        // A push of the same update to one of the customer's devices: gone at the push service, then nothing more.
        stream: `push-${notificationId}-device`,
        events: [
          event(
            'PushDeliveryFailed',
            {
              pushId: `${notificationId}-device`,
              notificationId,
              orderNumber,
              attempt: 1,
              pushService: 'https://fcm.googleapis.com',
              error: 'The push service https://fcm.googleapis.com answered 503',
              nextAttemptAt: '2026-01-02T10:00:02.000Z',
              subscriptionRemoved: false,
            },
            'notifier',
          ),
          event(
            'PushSent',
            {
              pushId: `${notificationId}-device`,
              notificationId,
              orderNumber,
              attempt: 2,
              pushService: 'https://fcm.googleapis.com',
              title: `${orderNumber}: Driver`,
            },
            'notifier',
          ),
        ],
      },
      {
        // A staff device told the item entered the attention list, in its push's own stream.
        stream: `push-attention-device-${orderNumber}`,
        events: [
          event(
            'AttentionPushRequested',
            {
              pushId: `attention-device-${orderNumber}`,
              subscriptionId: 'device',
              count: 1,
              entries: [
                { orderNumber, itemId: first, itemName: 'Driver', flag: 'stuck', reason: 'No change for 14 days' },
              ],
            },
            'delay radar',
          ),
        ],
      },
      {
        stream: `customer-${emailOf(i + 1)}`,
        events: [
          event('CustomerImported', {
            email: emailOf(i + 1).toUpperCase(),
            customerName: 'Imported',
            firstName: 'Im',
            lastName: 'Ported',
            phone: '01334 000000',
          }),
        ],
      },
      {
        stream: `customer-new${i}@example.com`,
        events: [
          event('CustomerImported', {
            email: `new${i}@example.com`,
            customerName: 'New Customer',
            firstName: 'New',
            lastName: 'Customer',
            phone: null,
          }),
          event('CustomerErased', { reason: 'Asked to be forgotten', orderNumbers: [], notificationIds: [] }),
        ],
      },
    );
  });
  // Back from complete: delivered_at clears.
  const reopened: Append[] = numbers
    .filter((_, i) => i % 8 === 0)
    .map((orderNumber) => ({
      stream: `order-${orderNumber}`,
      events: [
        event('ItemStatusChanged', {
          itemId: items.get(orderNumber)?.[0] ?? '',
          status: 'order_arrived_awaiting_qc',
          previousStatus: 'order_collected_shipped',
        }),
      ],
    }));
  return [...rounds, rare, reopened];
}

/**
 * Append round after round; within a round, streams concurrently (so transactions interleave), each in
 * order. Returns once followers can read every event appended (a transaction open elsewhere on the
 * server can hold them back for a moment).
 */
export async function appendHistory(store: EventStore, rounds: readonly Append[][], writers = 8): Promise<void> {
  let last = 0;
  for (const round of rounds) {
    const byStream = new Map<string, Append[]>();
    for (const append of round) byStream.set(append.stream, [...(byStream.get(append.stream) ?? []), append]);
    const queue = [...byStream.values()];
    await Promise.all(
      Array.from({ length: writers }, async () => {
        for (let appends = queue.pop(); appends; appends = queue.pop()) {
          for (const { stream, events } of appends) {
            const { position } = await store.append(stream, events, { expectedVersion: 'any' });
            last = Math.max(last, position);
          }
        }
      }),
    );
  }
  for (let waited = 0; !(await readable(store, last)); waited += 50) {
    if (waited > 30_000) throw new Error('the appended events did not become readable');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function readable(store: EventStore, position: number): Promise<boolean> {
  let after = start;
  for (;;) {
    const batch = await store.readAll({ after, limit: 10_000 });
    const lastEvent = batch[batch.length - 1];
    if (!lastEvent) return false;
    if (batch.some((event) => event.position === position)) return true;
    after = checkpointOf(lastEvent);
  }
}
