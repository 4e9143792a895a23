import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Answer, type Client, orderPayload, type Stack, startStack } from '../support/stack.ts';
import { type CutAfterCommitProxy, startCutAfterCommitProxy } from './support/cut-after-commit-proxy.ts';

interface OrderAnswer {
  orderNumber: string;
  version: number;
  items: { id: string; estimatedDelivery: string | null }[];
}

/**
 * Given the command service's connection to Postgres drops right after an append committed (its reply
 * lost), when the client retries with the same Idempotency-Key, then the write happened once: one set of
 * events, one order number, and every answer the client gets for it is the same.
 */
const retry = suite<{ stack: Stack; proxy: CutAfterCommitProxy; admin: Client }>(
  'a write whose reply was lost after the commit, retried',
  {
    stack: undefined as unknown as Stack,
    proxy: undefined as unknown as CutAfterCommitProxy,
    admin: undefined as unknown as Client,
  },
);

retry.before(async (context) => {
  context.stack = await startStack(
    {},
    {
      commandDatabaseUrl: async (url) => {
        context.proxy = await startCutAfterCommitProxy(url);
        return context.proxy.url;
      },
    },
  );
  context.admin = context.stack.client();
  assert.is((await context.admin.loginAdmin()).status, 200);
});

retry.after(async ({ stack, proxy }) => {
  await stack.stop();
  await proxy.close();
});

/** Send once with the proxy armed (the reply is lost after the commit), then again with the same key. */
async function sendTwice(
  proxy: CutAfterCommitProxy,
  send: () => Promise<Answer<OrderAnswer>>,
): Promise<{ first: Answer<OrderAnswer>; retried: Answer<OrderAnswer> }> {
  const cut = proxy.armOnce();
  const first = await send();
  await Promise.race([cut, new Promise((_, reject) => setTimeout(() => reject(new Error('no append was cut')), 5000))]);
  assert.ok(
    first.status === 503 || (first.status >= 200 && first.status < 300),
    `the first attempt answers 503 or (retried inside) 2xx, not ${first.status}`,
  );
  if (first.status === 503) assert.ok(first.headers.get('retry-after'), '503 carries Retry-After');
  const retried = await send();
  return { first, retried };
}

const withoutVolatile = (answer: Answer<OrderAnswer>) => ({
  status: answer.status,
  body: answer.body,
  etag: answer.headers.get('etag'),
  position: answer.headers.get('x-event-position'),
});

async function eventsOf(stack: Stack, orderNumber: string): Promise<{ type: string; id: string }[]> {
  const { rows } = await stack.db.pool.query<{ type: string; id: string }>(
    'select type, id::text from es.events where stream = $1 order by version',
    [`order-${orderNumber}`],
  );
  return rows;
}

retry(
  'an add retried after its commit was lost places one order under one number, answered the same',
  async ({ stack, proxy, admin }) => {
    const payload = orderPayload();
    const key = randomUUID();
    const send = () => admin.post<OrderAnswer>('/api/admin/orders', payload, { 'Idempotency-Key': key });
    const { first, retried } = await sendTwice(proxy, send);
    assert.is(retried.status, 201);
    const again = await send();
    assert.equal(withoutVolatile(again), withoutVolatile(retried), 'the same answer every time');
    if (first.status === 201) assert.equal(withoutVolatile(first), withoutVolatile(retried));

    // Read through the services' store: the customer's email is sealed in the log itself.
    const { rows: placed } = await stack.db.pool.query<{ id: string }>(
      `select id from es.events where type = 'OrderPlaced'`,
    );
    const rows = (await stack.store.readEventsById(placed.map((row) => row.id))).filter(
      (event) => (event.data as { customerEmail?: string }).customerEmail === payload.customerEmail,
    );
    assert.equal(
      rows.map((row) => row.stream),
      [`order-${retried.body.orderNumber}`],
      'one OrderPlaced, under the number the client was given',
    );
    await stack.settle();
    const list = await admin.get<{ orderNumber: string; customerEmail: string }[]>('/api/admin/orders');
    const mine = list.body.filter((order) => order.customerEmail === payload.customerEmail);
    assert.equal(
      mine.map((order) => order.orderNumber),
      [retried.body.orderNumber],
    );
  },
);

retry(
  'an item edit with If-Match retried after its commit was lost applies once and answers the same, not 409',
  async ({ stack, proxy, admin }) => {
    const placed = await admin.post<OrderAnswer>('/api/admin/orders', orderPayload(), {
      'Idempotency-Key': randomUUID(),
    });
    assert.is(placed.status, 201);
    const { orderNumber, version } = placed.body;
    const itemId = placed.body.items[0]?.id as string;
    const before = await eventsOf(stack, orderNumber);
    const key = randomUUID();
    const send = () =>
      admin.patch<OrderAnswer>(
        `/api/admin/orders/${orderNumber}/items/${itemId}`,
        { estimatedDelivery: '2027-03-04' },
        { 'Idempotency-Key': key, 'If-Match': String(version) },
      );
    const { retried } = await sendTwice(proxy, send);
    assert.is(retried.status, 200, 'the retry is recognised, not refused as stale');
    assert.is(retried.body.version, version + 1);
    assert.equal(withoutVolatile(await send()), withoutVolatile(retried), 'the same answer every time');
    const after = await eventsOf(stack, orderNumber);
    assert.equal(
      after.slice(before.length).map((event) => event.type),
      ['ItemEstimatedDeliverySet'],
      'one set of events',
    );
  },
);

retry.run();
