import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderPayload, startStack } from '../../../tests/support/stack.ts';

/** A stack with no projector running (nothing written reaches the read models), an admin and one order placed. */
async function orderNobodyProjected(options: { readReplica?: (url: string) => string } = {}) {
  const stack = await startStack({}, { projector: false, ...options });
  const admin = stack.client();
  await admin.loginAdmin();
  const placed = await admin.post<{ orderNumber: string }>('/api/admin/orders', orderPayload());
  const position = placed.headers.get('x-event-position') ?? '';
  assert.ok(Number(position) > 0);
  return { stack, admin, orderNumber: placed.body.orderNumber, position };
}

/** The `rm_projected` payload of a batch that ends at the event at `position` (its transaction and position). */
async function checkpointAt(stack: Awaited<ReturnType<typeof startStack>>, position: string): Promise<string> {
  const { rows } = await stack.db.pool.query<{ tx: string }>(
    'select transaction_id::text as tx from es.events where position = $1',
    [position],
  );
  return `${rows[0]?.tx} ${position}`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a read whose x-min-position the read models do not reach waits 2 s, then answers and says so', async () => {
  const { stack, admin, orderNumber, position } = await orderNobodyProjected();
  try {
    // When the admin reads their own write at that position
    const started = Date.now();
    const read = await admin.get(`/api/orders/${orderNumber}`, { 'x-min-position': position });
    const waited = Date.now() - started;

    // Then the answer comes after the bound, marked as not having reached it
    assert.is(read.headers.get('x-min-position-reached'), 'false');
    assert.ok(waited >= 1900 && waited < 5000, `waited ${waited} ms`);
  } finally {
    await stack.stop();
  }
});

test('without x-min-position a read still waits for what was committed before it (the head, read with the session)', async () => {
  const { stack, admin, orderNumber } = await orderNobodyProjected();
  try {
    // When it is read knowing no position: it waits for the log's head (1 s), then says it did not reach it
    const started = Date.now();
    const read = await admin.get(`/api/orders/${orderNumber}`);
    const waited = Date.now() - started;
    assert.is(read.headers.get('x-min-position-reached'), 'false');
    assert.ok(waited >= 900 && waited < 4000, `waited ${waited} ms`);
  } finally {
    await stack.stop();
  }
});

test('a waiting read takes the checkpoint the projector announced with its batch, without reading it again', async () => {
  const { stack, admin, orderNumber, position } = await orderNobodyProjected();
  try {
    const announcement = await checkpointAt(stack, position);
    // When a read waits for the order's event, and a batch announces a checkpoint at that event
    // (rm.checkpoints itself unchanged)
    // (announced again every 50 ms: one that lands while the read is between two waits is not heard)
    const started = Date.now();
    let answered = false;
    const reading = admin.get(`/api/orders/${orderNumber}`, { 'x-min-position': position }).finally(() => {
      answered = true;
    });
    while (!answered) {
      await pause(50);
      await stack.db.pool.query(`select pg_notify('rm_projected', $1)`, [announcement]);
    }
    const read = await reading;

    // Then it answers at once as having reached it: the announcement was taken as the checkpoint
    assert.is(read.headers.get('x-min-position-reached'), 'true');
    assert.ok(Date.now() - started < 1500, `waited ${Date.now() - started} ms`);
  } finally {
    await stack.stop();
  }
});

test('an announcement heard before the read arrived counts: the read answers at once', async () => {
  const { stack, admin, orderNumber, position } = await orderNobodyProjected();
  try {
    const announcement = await checkpointAt(stack, position);
    // Given a batch announced a checkpoint at the order's event (rm.checkpoints itself unchanged), and the
    // query service heard it
    await stack.db.pool.query(`select pg_notify('rm_projected', $1)`, [announcement]);
    await pause(200);

    // When the read of that position arrives: it answers at once as having reached it
    const started = Date.now();
    const read = await admin.get(`/api/orders/${orderNumber}`, { 'x-min-position': position });
    assert.is(read.headers.get('x-min-position-reached'), 'true');
    assert.ok(Date.now() - started < 1000, `waited ${Date.now() - started} ms`);
  } finally {
    await stack.stop();
  }
});

test("beside a streaming replica an announced checkpoint is not taken: the replica's own copy counts", async () => {
  const { stack, admin, orderNumber, position } = await orderNobodyProjected({ readReplica: (url) => url });
  try {
    let answered = false;
    const reading = admin.get(`/api/orders/${orderNumber}`, { 'x-min-position': position }).finally(() => {
      answered = true;
    });
    while (!answered) {
      await pause(50);
      await stack.db.pool.query(`select pg_notify('rm_projected', $1)`, [`999999999 ${position}`]);
    }
    const read = await reading;
    assert.is(read.headers.get('x-min-position-reached'), 'false');
  } finally {
    await stack.stop();
  }
});

test.run();
