import type { AdminOrdersPage } from '@ot/contracts/orders/admin-order-list.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signedInAdmin } from '../support/scenario.ts';
import { orderPayload, type Stack, startStack } from '../support/stack.ts';
import { type PrimaryWithReplica, startPrimaryWithReplica } from '../support/streaming-replica.ts';

/**
 * READ_DATABASE_URL: the query service reads read models from a streaming replica while the projector
 * writes to the primary. The servers are our own (a primary from the embedded binaries and a replica
 * of it); the shared test server is not involved.
 */
const test = suite<{ servers: PrimaryWithReplica; stack: Stack; previousUrl: string | undefined }>(
  'reads on a streaming replica',
  { servers: undefined as never, stack: undefined as never, previousUrl: undefined },
);

test.before(async (context) => {
  context.servers = await startPrimaryWithReplica();
  // The stack's test database is created on our primary (and so, by replication, on the replica).
  context.previousUrl = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = context.servers.primaryUrl;
  context.stack = await startStack({}, { readReplica: context.servers.replicaUrlOf });
});
test.after(async ({ servers, stack, previousUrl }) => {
  await stack?.stop();
  await servers?.stop();
  if (previousUrl === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = previousUrl;
});

test('the query service reads from a server in recovery (the replica)', async ({ servers, stack }) => {
  const replica = new pg.Client({ connectionString: servers.replicaUrlOf(stack.db.url) });
  await replica.connect();
  const { rows } = await replica.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
  await replica.end();
  assert.is(rows[0]?.standby, true);
});

test('a write followed by a read with x-min-position sees the write', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  for (let i = 0; i < 5; i++) {
    const placed = await admin.post<OrderView>(
      '/api/admin/orders',
      orderPayload({ customerName: `Replica Reader ${i}` }),
    );
    assert.is(placed.status, 201);
    const position = placed.headers.get('x-event-position') ?? '';
    const read = await admin.get<OrderView>(`/api/orders/${placed.body.orderNumber}`, { 'x-min-position': position });
    assert.is(read.status, 200);
    assert.is(read.body.customerName, `Replica Reader ${i}`);
    assert.is(read.headers.get('x-min-position-reached'), 'true');
  }
});

test('replica lag shows as waiting, not as stale data', async ({ servers, stack }) => {
  const admin = await signedInAdmin(stack);
  await servers.pauseReplay();
  let resumed = false;
  try {
    const placed = await admin.post<OrderView>('/api/admin/orders', orderPayload({ customerName: 'Lagging Replica' }));
    assert.is(placed.status, 201);
    const position = placed.headers.get('x-event-position') ?? '';
    // The replica holds the write back for 600 ms, while the read waits for it.
    const started = Date.now();
    setTimeout(() => {
      resumed = true;
      void servers.resumeReplay();
    }, 600);
    const read = await admin.get<OrderView>(`/api/orders/${placed.body.orderNumber}`, { 'x-min-position': position });
    const waited = Date.now() - started;
    assert.is(read.status, 200);
    assert.is(read.body.customerName, 'Lagging Replica');
    assert.is(read.headers.get('x-min-position-reached'), 'true');
    assert.ok(waited >= 550, `waited ${waited} ms for the replica`);

    const list = await admin.get<AdminOrdersPage>('/api/admin/orders?tab=active&search=lagging%20replica', {
      'x-min-position': position,
    });
    assert.equal(
      list.body.orders.map((order) => order.orderNumber),
      [placed.body.orderNumber],
    );
  } finally {
    if (!resumed) await servers.resumeReplay();
  }
});

test.run();
