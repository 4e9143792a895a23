import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, countEvents, signedInAdmin, storedEvents } from '../support/scenario.ts';
import { Client, orderPayload, type Stack, startStack } from '../support/stack.ts';

/** Every command is safe to retry, and writers without If-Match never lose. */
const test = suite<{ stack: Stack }>('safe retries and unconditional writers', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const itemPath = (order: OrderView, index = 0) =>
  `/api/admin/orders/${order.orderNumber}/items/${order.items[index]?.id ?? ''}`;

test('20 concurrent item edits without If-Match all apply, none is refused', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      admin.patch<OrderView>(itemPath(order, i % 2), {
        estimatedDelivery: `2027-01-${String(i + 1).padStart(2, '0')}`,
      }),
    ),
  );
  assert.equal(
    answers.map((answer) => answer.status),
    Array(20).fill(200),
  );
  const events = await storedEvents(stack, order.orderNumber);
  assert.is(events.filter((event) => event.type === 'ItemEstimatedDeliverySet').length, 20);
  assert.is(events.length, 21);
});

test('a stale If-Match is still refused with 409 while unconditional writers race', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  await admin.patch(itemPath(order), { manufacturer: 'Ping' });
  const stale = await admin.patch<{ currentVersion: number }>(
    itemPath(order),
    { manufacturer: 'Cobra' },
    { 'If-Match': '1' },
  );
  assert.is(stale.status, 409);
  assert.is(stale.body.currentVersion, 2);
});

test('an add retried with the same Idempotency-Key makes one order, one number, the same answer', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const key = randomUUID();
  const payload = orderPayload({ customerEmail: `retry-${key.slice(0, 8)}@example.com` });
  const first = await admin.post<OrderView>('/api/admin/orders', payload, { 'Idempotency-Key': key });
  const before = await countEvents(stack);
  const again = await admin.post<OrderView>('/api/admin/orders', payload, { 'Idempotency-Key': key });
  assert.is(first.status, 201);
  assert.is(again.status, 201);
  assert.equal(again.body, first.body);
  assert.is(again.headers.get('etag'), first.headers.get('etag'));
  assert.is(again.headers.get('x-event-position'), first.headers.get('x-event-position'));
  assert.is(await countEvents(stack), before, 'nothing appended the second time');
  assert.is((await storedEvents(stack, first.body.orderNumber)).length, 1);
});

test('the same add sent twice at once with one key still makes one order', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const key = randomUUID();
  const payload = orderPayload({ customerEmail: `twice-${key.slice(0, 8)}@example.com` });
  const answers = await Promise.all(
    [1, 2].map(() => admin.post<OrderView>('/api/admin/orders', payload, { 'Idempotency-Key': key })),
  );
  assert.equal(
    answers.map((answer) => answer.status),
    [201, 201],
  );
  assert.is(answers[0]?.body.orderNumber, answers[1]?.body.orderNumber);
  await stack.settle();
  const { rows } = await stack.db.pool.query('select 1 from rm.orders where customer_email = $1', [
    payload.customerEmail,
  ]);
  assert.is(rows.length, 1);
});

test('an edit retried with the same Idempotency-Key after it landed answers as it did, even after later edits', async ({
  stack,
}) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const key = randomUUID();
  const first = await admin.patch<OrderView>(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': key });
  await admin.patch(itemPath(order), { manufacturer: 'Cobra' });
  const retried = await admin.patch<OrderView>(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': key });
  assert.is(retried.status, 200);
  assert.is(retried.body.version, first.body.version);
  assert.is(retried.body.items[0]?.manufacturer, 'Ping');
  assert.equal(
    (await storedEvents(stack, order.orderNumber)).map((event) => event.data.manufacturer ?? event.type),
    ['OrderPlaced', 'Ping', 'Cobra'],
  );
});

test('an Idempotency-Key that is not 1-200 visible ASCII characters is a 400', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const answer = await admin.patch(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': 'x'.repeat(201) });
  assert.is(answer.status, 400);
});

/**
 * A loopback proxy in front of the gateway that, while `dropping`, closes the client's connection as
 * soon as the answer starts coming back: the write has committed, the client never hears of it.
 */
async function droppingProxy(target: string): Promise<{ url: string; dropping: boolean; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const proxy = {
    url: '',
    dropping: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      if (proxy.dropping) {
        client.destroy();
        upstream.destroy();
      } else client.write(chunk);
    });
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

test('an add whose answer is lost after the commit, retried with its key: one order, one number, the same answer', async ({
  stack,
}) => {
  const proxy = await droppingProxy(stack.baseUrl);
  try {
    const admin = new Client(proxy.url);
    assert.is((await admin.loginAdmin()).status, 200);
    const key = randomUUID();
    const email = `lost-${key.slice(0, 8)}@example.com`;
    const payload = orderPayload({ customerEmail: email });
    proxy.dropping = true;
    const lost = await admin.post('/api/admin/orders', payload, { 'Idempotency-Key': key }).catch(() => 'lost');
    assert.is(lost, 'lost', 'the client never got the first answer');
    proxy.dropping = false;

    const retried = await admin.post<OrderView>('/api/admin/orders', payload, { 'Idempotency-Key': key });
    assert.is(retried.status, 201);
    // The stored answer gone too (a crash between commit and keeping it): the events still tell.
    await stack.db.pool.query('delete from commands.idempotency_keys where key = $1', [key]);
    const again = await admin.post<OrderView>('/api/admin/orders', payload, { 'Idempotency-Key': key });
    assert.is(again.status, 201);
    assert.equal(again.body, retried.body);
    assert.is(again.headers.get('etag'), retried.headers.get('etag'));
    assert.is(again.headers.get('x-event-position'), retried.headers.get('x-event-position'));

    await stack.settle();
    const { rows } = await stack.db.pool.query<{ order_number: string }>(
      'select order_number from rm.orders where customer_email = $1',
      [email],
    );
    assert.equal(
      rows.map((row) => row.order_number),
      [retried.body.orderNumber],
    );
    assert.is((await storedEvents(stack, retried.body.orderNumber)).length, 1);
  } finally {
    await proxy.close();
  }
});

test.run();
