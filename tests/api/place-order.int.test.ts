import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { orderPayload, type Stack, startStack } from '../support/stack.ts';

const test = suite<{ stack: Stack }>('place-order: an admin adds an order, its customer sees it', {
  stack: undefined as never,
});
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

test('an order added by an admin is listed for admins and, after login, for its customer', async ({ stack }) => {
  const admin = stack.client();
  assert.is((await admin.loginAdmin()).status, 200);
  const payload = orderPayload({ customerEmail: 'Slice.Customer@Example.com' });
  const added = await admin.post<{ orderNumber: string; version: number }>('/api/admin/orders', payload);
  assert.is(added.status, 201);
  assert.match(added.body.orderNumber, /^EP-\d{4}$/);
  assert.is(added.headers.get('etag'), '"1"');

  const list = await admin.get<{ orderNumber: string }[]>('/api/admin/orders');
  assert.is(list.status, 200);
  assert.ok(list.body.some((order) => order.orderNumber === added.body.orderNumber));

  const customer = stack.client();
  const login = await customer.loginCustomer('slice.customer@example.com', added.body.orderNumber);
  assert.is(login.status, 200);
  const mine = await customer.get<{ orderNumber: string; fitterNotes?: unknown }[]>('/api/customer/orders');
  assert.is(mine.status, 200);
  assert.equal(
    mine.body.map((order) => order.orderNumber),
    [added.body.orderNumber],
  );
  assert.not.ok('fitterNotes' in (mine.body[0] ?? {}));
});

test('two admins adding at once never get the same order number', async ({ stack }) => {
  const admin = stack.client();
  await admin.loginAdmin();
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => admin.post<{ orderNumber: string }>('/api/admin/orders', orderPayload())),
  );
  assert.ok(answers.every((answer) => answer.status === 201));
  const numbers = new Set(answers.map((answer) => answer.body.orderNumber));
  assert.is(numbers.size, 10);
});

test('the server assigns the number and computes the amounts: a client orderNumber or total is ignored', async ({
  stack,
}) => {
  const admin = stack.client();
  await admin.loginAdmin();
  const added = await admin.post<{ orderNumber: string; total: number; amountRemaining: number }>(
    '/api/admin/orders',
    orderPayload({
      orderNumber: 'EP-HACK',
      subtotal: 89_900,
      shipping: 1_500,
      tax: 0,
      total: 1,
      amountPaid: 20_000,
      amountRemaining: 0,
    }),
  );
  assert.is(added.status, 201);
  assert.match(added.body.orderNumber, /^EP-\d{4}$/);
  assert.is(added.body.total, 91_400);
  assert.is(added.body.amountRemaining, 71_400);
  const read = await admin.get<{ total: number }>(`/api/orders/${added.body.orderNumber}`);
  assert.is(read.body.total, 91_400);
  assert.is((await admin.get('/api/orders/EP-HACK')).status, 404);
});

test.run();
