import { randomUUID } from 'node:crypto';
import { placeOrderSchema } from '@ot/contracts/orders/order-commands.ts';
import { samplePlaceOrderPayload } from '@ot/contracts/testing/sample-order.ts';
import { announcedCheckpoint, listenForWakeUps, PROJECTED_CHANNEL } from '@ot/infra/db/notify.ts';
import { createPostgresEventStore } from '@ot/infra/event-store/postgres-event-store.ts';
import { metadata } from '@ot/infra/event-store/testing/event-store-contract.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createTestDatabase } from '@ot/infra/testing/test-database.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decidePlaceOrder } from '../../../command-service/src/orders/place-order/place-order.ts';
import { projections } from '../projections/all-projections.ts';
import { createProjector } from './projector.ts';

test('after each batch the projector wakes readers waiting on its checkpoint, long before their poll', async () => {
  const db = await createTestDatabase();
  const store = createPostgresEventStore(db.pool);
  const logger = createLogger('test', 'silent');
  const projector = createProjector({ pool: db.pool, store, projections, logger, pollMs: 50 });
  const running = projector.run();
  const wakeUps = listenForWakeUps(db.pool, PROJECTED_CHANNEL);
  await wakeUps.listening;
  try {
    // Given a reader waiting (up to 10 s) for the projector's next batch
    const request = placeOrderSchema.parse(samplePlaceOrderPayload({ customerEmail: 'waiting@example.com' }));
    const [placed] = decidePlaceOrder(
      { type: 'PlaceOrder', orderId: randomUUID(), orderNumber: 'W-0001', itemIds: [randomUUID()], request },
      null,
    );
    const started = Date.now();
    const woken = wakeUps.next(10_000);
    // When an order is placed
    await store.append(
      'order-W-0001',
      [
        {
          id: randomUUID(),
          type: placed?.type ?? '',
          data: placed?.data,
          metadata: metadata(),
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    const payload = await woken;
    // Then the reader is woken once it is applied, and the order is there to read
    assert.ok(Date.now() - started < 5_000, `woken after ${Date.now() - started} ms`);
    const { rows } = await db.pool.query(`select 1 from rm.orders where order_number = 'W-0001'`);
    assert.is(rows.length, 1, 'applied before the wake-up');
    // And the wake-up says where the projector's checkpoint now is, so the reader need not read it
    const checkpoint = await db.pool.query<{ tx: string; position: string }>(
      `select tx::text, position::text from rm.checkpoints where name = 'projector'`,
    );
    assert.equal(announcedCheckpoint(payload), {
      tx: Number(checkpoint.rows[0]?.tx),
      position: Number(checkpoint.rows[0]?.position),
    });
  } finally {
    await wakeUps.close();
    await projector.stop();
    await running;
    await store.close();
    await db.drop();
  }
});

test('without a wake-up the wait ends after its time', async () => {
  const db = await createTestDatabase();
  const wakeUps = listenForWakeUps(db.pool, PROJECTED_CHANNEL);
  try {
    const started = Date.now();
    await wakeUps.next(100);
    assert.ok(Date.now() - started >= 90);
  } finally {
    await wakeUps.close();
    await db.drop();
  }
});

test.run();
