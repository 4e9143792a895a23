import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderPayload, startStack } from '../../../tests/support/stack.ts';

test('a read whose x-min-position the read models do not reach waits 2 s, then answers and says so', async () => {
  // Given no projector runs, so nothing written reaches the read models
  const stack = await startStack({}, { projector: false });
  try {
    const admin = stack.client();
    await admin.loginAdmin();
    const placed = await admin.post<{ orderNumber: string }>('/api/admin/orders', orderPayload());
    const position = placed.headers.get('x-event-position') ?? '';
    assert.ok(Number(position) > 0);

    // When the admin reads their own write at that position
    const started = Date.now();
    const read = await admin.get(`/api/orders/${placed.body.orderNumber}`, { 'x-min-position': position });
    const waited = Date.now() - started;

    // Then the answer comes after the bound, marked as not having reached it
    assert.is(read.headers.get('x-min-position-reached'), 'false');
    assert.ok(waited >= 1900 && waited < 5000, `waited ${waited} ms`);
  } finally {
    await stack.stop();
  }
});

test('without x-min-position a read still waits for what was committed before it (the head, read with the session)', async () => {
  // Given no projector runs, and an order written
  const stack = await startStack({}, { projector: false });
  try {
    const admin = stack.client();
    await admin.loginAdmin();
    const placed = await admin.post<{ orderNumber: string }>('/api/admin/orders', orderPayload());
    assert.ok(Number(placed.headers.get('x-event-position')) > 0);

    // When it is read knowing no position: it waits for the log's head (1 s), then says it did not reach it
    const started = Date.now();
    const read = await admin.get(`/api/orders/${placed.body.orderNumber}`);
    const waited = Date.now() - started;
    assert.is(read.headers.get('x-min-position-reached'), 'false');
    assert.ok(waited >= 900 && waited < 4000, `waited ${waited} ms`);
  } finally {
    await stack.stop();
  }
});

test.run();
