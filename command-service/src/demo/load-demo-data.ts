import { randomUUID } from 'node:crypto';
import { loadConfig } from '@ot/infra/config.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createPostgresOrderNumbers } from '@ot/infra/order-numbers/postgres-order-numbers.ts';
import { placeUnderNewNumber } from '../orders/place-order/place-new-order.ts';
import { pastReaching, seededRandom, yearOfOrders } from './demo-history.ts';
import { demoOrders } from './demo-orders.ts';

/** Orders of the made-up year behind the handful: enough for every manufacturer's lead times. */
const YEAR_OF_ORDERS = 160;

/**
 * DEMO_DATA=1: place a handful of realistic orders, and a year of orders before them, through the real
 * command pipeline, once per database (a flag row remembers it). Each item comes with its past (when it
 * entered each status, as an import from a spreadsheet brings it), so lead times, the attention list and
 * the insights have a history on first start, and a completed order was delivered on its real day.
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
  const at = (daysAgo: number) => new Date(clock().getTime() - daysAgo * 86_400_000).toISOString();
  const orders = [...yearOfOrders(YEAR_OF_ORDERS, seededRandom(2026)), ...demoOrders];
  for (const demo of orders) {
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
            status: item.status,
            statusHistory: (item.history ?? pastReaching(item.status, item.manufacturer, demo.orderedDaysAgo)).map(
              (step) => ({ status: step.status, at: at(step.daysAgo) }),
            ),
          })),
        },
      },
    );
    logger.info({ orderNumber }, 'demo order placed');
  }
  console.log(
    `Loaded ${orders.length} demo orders (customer logins: e.g. ${demoOrders[0]?.customerEmail} with its order number).`,
  );
}
await store.close();
await pool.end();
