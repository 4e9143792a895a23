import { randomUUID } from 'node:crypto';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import { loadConfig } from '@ot/infra/config.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createPostgresOrderNumbers } from '@ot/infra/order-numbers/postgres-order-numbers.ts';
import { handleOrderCommand } from '../orders/handle-order-command.ts';
import { placeUnderNewNumber } from '../orders/place-order/place-new-order.ts';
import { demoOrders } from './demo-orders.ts';

/**
 * DEMO_DATA=1: place a handful of realistic orders through the real command pipeline, once per
 * database (a flag row remembers it), then move their items along so every state is on show.
 */
const config = loadConfig();
const logger = createLogger('demo-data', config.LOG_LEVEL);
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
const pool = createPool(config.DATABASE_URL, 2, config.OT_PROCESS_NAME);
const store = await createEventStore(config, pool);
const orderNumbers = createPostgresOrderNumbers(pool, config.ORDER_NUMBER_PREFIX);
const clock = () => new Date();
const newId = randomUUID;

const claimed = await pool.query(`insert into commands.flags (name) values ('demo-data') on conflict do nothing`);
if (claimed.rowCount === 0) {
  logger.info('demo data already loaded; skipping');
} else {
  const day = (offset: number) => new Date(clock().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const context = () => ({
    actor: { kind: 'system' as const, id: 'demo', name: 'demo data' },
    now: clock().toISOString(),
    commandId: newId(),
    correlationId: newId(),
  });
  for (const demo of demoOrders) {
    const subtotal = demo.items.reduce((sum, item) => sum + item.price, 0);
    const { orderNumber } = await placeUnderNewNumber(
      { store, orderNumbers },
      {
        context: context(),
        request: {
          customerEmail: demo.customerEmail,
          customerName: demo.customerName,
          customerPhone: demo.customerPhone,
          orderDate: day(-demo.orderedDaysAgo),
          shippingAddress: {
            name: demo.customerName,
            address1: '12 Links Road',
            city: demo.city,
            state: null,
            zipCode: demo.zipCode,
            country: 'United Kingdom',
          },
          sameBillingAddress: true,
          subtotal,
          shipping: 0,
          tax: 0,
          total: subtotal,
          amountPaid: demo.amountPaid,
          amountRemaining: Math.max(0, subtotal - demo.amountPaid),
          trackingNumber: demo.trackingNumber,
          customerNotes: demo.customerNotes,
          fitterNotes: demo.fitterNotes,
          items: demo.items.map((item) => ({
            name: item.name,
            price: item.price,
            quantity: 1,
            manufacturer: item.manufacturer,
            estimatedDelivery: item.etaInDays === null ? null : day(item.etaInDays),
          })),
        },
      },
    );
    // Move each item to its demo status as a studio would, one status change at a time.
    await handleOrderCommand(
      { store },
      {
        orderNumber,
        context: context(),
        decide: (state) =>
          (state?.items ?? []).flatMap((item, index): OrderEvent[] => {
            const target = demo.items[index]?.status ?? item.status;
            return target === item.status
              ? []
              : [{ type: 'ItemStatusChanged', data: { itemId: item.id, status: target, previousStatus: item.status } }];
          }),
      },
    );
    logger.info({ orderNumber }, 'demo order placed');
  }
  console.log(
    `Loaded ${demoOrders.length} demo orders (customer logins: e.g. ${demoOrders[0]?.customerEmail} with its order number).`,
  );
}
await store.close();
await pool.end();
