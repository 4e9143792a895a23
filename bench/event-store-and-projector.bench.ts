import { randomUUID } from 'node:crypto';
import { placeOrderSchema } from '@ot/contracts/orders/order-commands.ts';
import { createTestDatabase } from '@ot/infra/testing/test-database.ts';
import { decidePlaceOrder } from '../command-service/src/orders/place-order/place-order.ts';
import { orderPayload } from '../tests/support/stack.ts';
import { productEventStore } from './support/product-store.ts';
import { type BenchRow, finish, report } from './support/table.ts';

/**
 * Append throughput through the place-order decider and the sealing of the order's personal fields, as the
 * command service appends (the rebuild is measured in rebuild.bench.ts).
 */
const ORDERS = 2000;
const db = await createTestDatabase();
const store = await productEventStore(db.pool);
const metadata = () => ({
  actor: { kind: 'system' as const, id: 'bench', name: 'bench' },
  occurredAt: new Date().toISOString(),
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: null,
});

const results: BenchRow[] = [];
const timed = async (work: () => Promise<void>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const appendMs = await timed(async () => {
  const request = placeOrderSchema.parse(orderPayload());
  const queue = Array.from({ length: ORDERS }, (_, i) => `B-${String(i).padStart(5, '0')}`);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let n = queue.pop(); n; n = queue.pop()) {
        const orderNumber = n;
        const [placed] = decidePlaceOrder(
          { type: 'PlaceOrder', orderId: randomUUID(), orderNumber, itemIds: [randomUUID(), randomUUID()], request },
          null,
        );
        await store.append(
          `order-${orderNumber}`,
          [{ id: randomUUID(), type: placed?.type ?? '', data: placed?.data, metadata: metadata() }],
          { expectedVersion: 'no_stream' },
        );
      }
    }),
  );
});
const appendsPerSecond = (ORDERS / appendMs) * 1000;
results.push({
  measure: 'appends per second (8 writers)',
  ours: Math.round(appendsPerSecond),
  peer: '-',
  ratio: '-',
  target: '>= 300',
  ok: appendsPerSecond >= 300,
});

report(`${ORDERS} orders placed through the place-order decider`, results);
await store.close();
await db.drop();
await finish();
