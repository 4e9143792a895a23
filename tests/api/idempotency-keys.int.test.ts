import { randomUUID } from 'node:crypto';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { createUserRepository } from '@ot/infra/auth/users.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createPostgresIdempotencyStore } from '@ot/infra/idempotency/idempotency-store.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, countEvents, signedInAdmin, storedEvents } from '../support/scenario.ts';
import { orderPayload, type Stack, startStack } from '../support/stack.ts';

/** Server side: a write sent again with its Idempotency-Key is answered, not run, again. */
const test = suite<{ stack: Stack }>('Idempotency-Key on writes', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const itemPath = (order: OrderView) => `/api/admin/orders/${order.orderNumber}/items/${order.items[0]?.id ?? ''}`;

test('the same key and body twice appends once and answers the same status, body, ETag and position', async ({
  stack,
}) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const key = randomUUID();
  const first = await admin.patch<OrderView>(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': key });
  const before = await countEvents(stack);
  const again = await admin.patch<OrderView>(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': key });
  assert.is(first.status, 200);
  assert.is(again.status, 200);
  assert.equal(again.body, first.body);
  for (const header of ['etag', 'x-event-position', 'content-type']) {
    assert.is(again.headers.get(header), first.headers.get(header), header);
  }
  assert.is(again.headers.get('idempotent-replayed'), 'true');
  assert.is(await countEvents(stack), before);
});

test('the same key with a different body is a 422 and appends nothing', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const key = randomUUID();
  await admin.patch(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': key });
  const before = await countEvents(stack);
  const reused = await admin.patch<{ code: string; message: string }>(
    itemPath(order),
    { manufacturer: 'Cobra' },
    { 'Idempotency-Key': key },
  );
  assert.is(reused.status, 422);
  assert.is(reused.body.code, 'IDEMPOTENCY_KEY_REUSED');
  assert.ok(reused.body.message.length > 0);
  assert.is(await countEvents(stack), before);
});

test('a retried add with its key gets its first answer: one order, one number', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const key = randomUUID();
  const payload = orderPayload({ customerEmail: `keyed-${key.slice(0, 8)}@example.com` });
  const answers = await Promise.all(
    [1, 2, 3].map(() => admin.post<OrderView>('/api/admin/orders', payload, { 'Idempotency-Key': key })),
  );
  assert.equal(
    answers.map((answer) => answer.status),
    [201, 201, 201],
  );
  assert.equal(new Set(answers.map((answer) => answer.body.orderNumber)).size, 1);
  assert.is((await storedEvents(stack, answers[0]?.body.orderNumber ?? '')).length, 1);
});

test('keys are per user: another admin using the same key runs their own request', async ({ stack }) => {
  await createUserRepository(stack.db.pool).upsertAdmin('second.admin', 'a long enough password');
  const admin = await signedInAdmin(stack);
  const other = stack.client();
  assert.is((await other.loginAdmin('second.admin', 'a long enough password')).status, 200);
  const order = await addOrder(admin);
  const key = randomUUID();
  await admin.patch(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': key });
  const theirs = await other.patch<OrderView>(itemPath(order), { manufacturer: 'Cobra' }, { 'Idempotency-Key': key });
  assert.is(theirs.status, 200);
  assert.is(theirs.body.items[0]?.manufacturer, 'Cobra');
});

test('a failed request keeps nothing: the same key may be retried once the problem is fixed', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const key = randomUUID();
  const refused = await admin.patch(
    itemPath(order),
    { manufacturer: 'Ping' },
    { 'Idempotency-Key': key, 'If-Match': '9' },
  );
  assert.is(refused.status, 409);
  const retried = await admin.patch(
    itemPath(order),
    { manufacturer: 'Ping' },
    { 'Idempotency-Key': key, 'If-Match': '1' },
  );
  assert.is(retried.status, 200);
});

test('keys survive a restart: a new store over the same database replays the first answer', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const key = randomUUID();
  const first = await admin.patch<OrderView>(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': key });
  const { rows } = await stack.db.pool.query<{ user_id: string }>(
    'select user_id from commands.idempotency_keys where key = $1',
    [key],
  );
  const pool = createPool(stack.db.url, 1);
  try {
    const restarted = createPostgresIdempotencyStore(pool);
    const claim = await restarted.claim({ userId: rows[0]?.user_id ?? '', key }, 'another request');
    assert.is(claim.kind, 'mismatch');
  } finally {
    await pool.end();
  }
  const again = await admin.patch<OrderView>(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': key });
  assert.equal(again.body, first.body);
});

test('keys are kept at least 7 days, then forgotten', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const key = randomUUID();
  await admin.patch(itemPath(order), { manufacturer: 'Ping' }, { 'Idempotency-Key': key });
  await stack.db.pool.query(
    `update commands.idempotency_keys set created_at = now() - interval '6 days 23 hours' where key = $1`,
    [key],
  );
  const sixDaysOn = await admin.patch(itemPath(order), { manufacturer: 'Cobra' }, { 'Idempotency-Key': key });
  assert.is(sixDaysOn.status, 422, 'still known after almost 7 days');
  await stack.db.pool.query(
    `update commands.idempotency_keys set created_at = now() - interval '8 days' where key = $1`,
    [key],
  );
  const later = await admin.patch(itemPath(order), { manufacturer: 'Cobra' }, { 'Idempotency-Key': key });
  assert.is(later.status, 200);
});

test('two command-service instances sharing the database: one runs the request, the other waits and replays', async ({
  stack,
}) => {
  const pools = [createPool(stack.db.url, 2), createPool(stack.db.url, 2)];
  try {
    const [a, b] = pools.map((pool) => createPostgresIdempotencyStore(pool));
    if (!a || !b) throw new Error('two stores');
    const scope = { userId: 'instance-test', key: randomUUID() };
    const claims = await Promise.all([a.claim(scope, 'same'), b.claim(scope, 'same')]);
    assert.equal(claims.map((claim) => claim.kind).sort(), ['claimed', 'pending']);
    const answer = { status: 201, headers: { etag: '"1"' }, body: '{"ok":true}' };
    await (claims[0]?.kind === 'claimed' ? a : b).complete(scope, answer);
    assert.equal(await b.claim(scope, 'same'), { kind: 'replay', answer });
    assert.equal(await a.claim(scope, 'same'), { kind: 'replay', answer });
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
  }
});

test('an upload retried with its key (the form built again, a new boundary) gets its first answer', async ({
  stack,
}) => {
  const admin = await signedInAdmin(stack);
  const key = randomUUID();
  const form = () => {
    const data = new FormData();
    data.append('orderNumber', 'EP-0001');
    data.append(
      'file',
      new Blob([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], { type: 'application/pdf' }),
      'spec.pdf',
    );
    return data;
  };
  const first = await admin.post<{ documentUrl: string }>('/api/admin/upload-document', form(), {
    'Idempotency-Key': key,
  });
  const again = await admin.post<{ documentUrl: string }>('/api/admin/upload-document', form(), {
    'Idempotency-Key': key,
  });
  assert.is(first.status, 201);
  assert.is(again.status, 201);
  assert.is(again.body.documentUrl, first.body.documentUrl);
});

test.run();
