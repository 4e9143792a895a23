import { itemStatuses } from '@ot/contracts/orders/item-status.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { start } from '@ot/infra/event-store/event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../../../tests/support/scenario.ts';
import { type Stack, startStack } from '../../../tests/support/stack.ts';
import { projections } from '../projections/all-projections.ts';
import { appendHistory, mixedHistory } from '../testing/mixed-history.ts';
import { rebuildReadModels } from './rebuild-read-models.ts';

const test = suite<{ stack: Stack }>('projections:rebuild while the app serves', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => stack.stop());

const logger = createLogger('test', 'silent');

test('GETs during a rebuild all answer complete data, and writes made meanwhile are applied exactly once', async ({
  stack,
}) => {
  const store = stack.store;
  await appendHistory(store, mixedHistory(300, { everyType: true }));
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  await stack.settle();
  const total = (await admin.get<OrderView[]>('/api/admin/orders')).body.length;
  assert.is(total, 301);

  let rebuilding = true;
  // Small batches, so the rebuild takes a while and the readers and the writer overlap it.
  const rebuild = rebuildReadModels({ pool: stack.db.pool, store, projections, logger, batchSize: 20 }).finally(() => {
    rebuilding = false;
  });
  let reads = 0;
  const reader = (async () => {
    while (rebuilding) {
      const list = await admin.get<OrderView[]>('/api/admin/orders');
      assert.is(list.status, 200);
      assert.is(list.body.length, total, 'every order, while rebuilding');
      assert.ok(
        list.body.every((listed) => listed.items.length === 2),
        'every order with its items',
      );
      const one = await admin.get<OrderView>('/api/orders/H-000001');
      assert.is(one.status, 200);
      assert.is(one.body.items.length, 2);
      reads++;
    }
  })();
  let writes = 0;
  const writer = (async () => {
    while (rebuilding) {
      const status = itemStatuses[writes % itemStatuses.length];
      const answer = await admin.patch(`/api/admin/orders/${order.orderNumber}/items/${order.items[0]?.id}`, {
        status,
      });
      assert.ok(answer.status === 200, `write ${writes}: ${answer.status}`);
      writes++;
    }
  })();
  const report = await rebuild;
  await Promise.all([reader, writer]);
  assert.ok(reads >= 3 && writes >= 3, `reads ${reads}, writes ${writes} overlapped the rebuild`);
  assert.is(report.rows.orders, total);

  await stack.settle();
  const events = await store.readAll({ after: start, limit: 1_000_000 });
  const { rows } = await stack.db.pool.query<{ n: string }>('select count(*) as n from rm.order_timeline');
  assert.is(
    Number(rows[0]?.n),
    events.filter((event) => event.stream.startsWith('order-')).length,
    'one timeline row per order event: none lost or doubled across the swap',
  );
  const latest = await admin.get<OrderView>(`/api/orders/${order.orderNumber}`);
  assert.is(latest.body.items[0]?.status, itemStatuses[(writes - 1) % itemStatuses.length]);
});

test.run();
