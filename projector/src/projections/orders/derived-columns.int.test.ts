import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@ot/contracts/events/event-envelope.ts';
import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { itemStatuses } from '@ot/contracts/orders/item-status.ts';
import type { OrderEvent, OrderItem } from '@ot/contracts/orders/order-events.ts';
import { adminOrderStatus, allEtasAdded, isOrderComplete, orderEta } from '@ot/contracts/orders/order-rules.ts';
import { foldOrder } from '@ot/contracts/orders/order-state.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { applyEvents } from '../../runtime/apply-events.ts';
import { ordersProjection } from './orders.projection.ts';

/**
 * rm.orders keeps admin_status, complete, all_etas_added and eta (so lists can filter and sort on them);
 * contracts/order-rules.ts says what they mean. The stored columns must agree after any history.
 */
const test = suite<{ db: TestDatabase }>('the stored derived order columns agree with the contracts rules', {
  db: undefined as never,
});
test.before(async (context) => {
  context.db = await createTestDatabase();
});
test.after(async ({ db }) => {
  await db.drop();
});

const logger = createLogger('test', 'silent');
const metadata: EventMetadata = {
  actor: { kind: 'admin', id: 'admin', name: 'admin' },
  occurredAt: '2026-01-01T00:00:00.000Z',
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: null,
};

const anItem = fc.record({
  status: fc.constantFrom(...itemStatuses),
  estimatedDelivery: fc.option(fc.constantFrom('2026-01-10', '2026-02-01T10:00:00Z'), { nil: null }),
});

type Change =
  | { kind: 'status'; index: number; status: (typeof itemStatuses)[number] }
  | { kind: 'eta'; index: number; eta: string | null };

/** A change to one of the items, by index (taken modulo the item count). */
const aChange: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), index: fc.nat(), status: fc.constantFrom(...itemStatuses) }),
  fc.record({
    kind: fc.constant('eta' as const),
    index: fc.nat(),
    eta: fc.option(fc.constant('2026-03-01'), { nil: null }),
  }),
);

function history(orderNumber: string, items: OrderItem[], changes: Change[]): OrderEvent[] {
  const placed: OrderEvent = {
    type: 'OrderPlaced',
    data: {
      orderId: randomUUID(),
      orderNumber,
      customerEmail: 'derived@example.com',
      customerName: 'Derived',
      customerPhone: null,
      orderDate: '2026-01-01',
      status: 'order_being_processed',
      shippingAddress: null,
      billingAddress: { name: 'D', address1: '', city: '', zipCode: '', country: '' },
      subtotal: 0,
      shipping: 0,
      tax: 0,
      total: 0,
      amountPaid: 0,
      amountRemaining: 0,
      trackingNumber: null,
      estimatedDelivery: null,
      customerNotes: null,
      fitterNotes: null,
      squarespaceOrderId: null,
      items,
    },
  };
  const events: OrderEvent[] = [placed];
  for (const change of items.length === 0 ? [] : changes) {
    const item = foldOrder(events)?.items[change.index % items.length] as OrderItem;
    events.push(
      change.kind === 'status'
        ? { type: 'ItemStatusChanged', data: { itemId: item.id, status: change.status, previousStatus: item.status } }
        : { type: 'ItemEstimatedDeliverySet', data: { itemId: item.id, estimatedDelivery: change.eta } },
    );
  }
  return events;
}

test('admin status, complete and ALL ETAs ADDED match the rules after any history', async ({ db }) => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(anItem, { maxLength: 5 }),
      fc.array(aChange, { maxLength: 6 }),
      async (specs, changes) => {
        const orderNumber = `D-${randomUUID()}`;
        const items: OrderItem[] = specs.map((spec, index) => ({
          id: randomUUID(),
          name: `Item ${index}`,
          sku: `SKU-${index}`,
          price: 100,
          quantity: 1,
          imageUrl: null,
          documentUrl: null,
          manufacturer: null,
          ...spec,
        }));
        const events = history(orderNumber, items, changes);
        const recorded = events.map(
          (event, index) =>
            ({
              ...event,
              id: randomUUID(),
              metadata,
              stream: `order-${orderNumber}`,
              version: index + 1,
              position: index + 1,
              tx: 1,
              schemaVersion: 1,
            }) as RecordedDomainEvent,
        );
        // Half the histories one event at a time, half as one batch.
        const batches = recorded.length % 2 ? recorded.map((event) => [event]) : [recorded];
        const client = await db.pool.connect();
        try {
          for (const batch of batches) {
            await applyEvents(client, batch, { projections: [ordersProjection], schema: 'rm', logger });
          }
        } finally {
          client.release();
        }
        const expected = foldOrder(events)?.items ?? [];
        const { rows } = await db.pool.query<{
          admin_status: string;
          complete: boolean;
          all_etas_added: boolean;
          eta: string | null;
          item_count: number;
        }>('select admin_status, complete, all_etas_added, item_count, eta from rm.orders where order_number = $1', [
          orderNumber,
        ]);
        assert.equal(rows[0], {
          admin_status: adminOrderStatus(expected),
          complete: isOrderComplete(expected),
          all_etas_added: allEtasAdded(expected),
          eta: orderEta({ estimatedDelivery: null, items: expected }),
          item_count: expected.length,
        });
      },
    ),
    { numRuns: 150 },
  );
});

test.run();
