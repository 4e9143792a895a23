import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, countEvents, signedInAdmin } from '../support/scenario.ts';
import { type Client, orderPayload, type Stack, startStack } from '../support/stack.ts';

/** Validation over HTTP: a 400 whose `message` is the product's own words, and nothing written. */
const test = suite<{ stack: Stack; admin: Client; order: OrderView }>('validation messages', {
  stack: undefined as never,
  admin: undefined as never,
  order: undefined as never,
});
test.before(async (context) => {
  context.stack = await startStack();
  context.admin = await signedInAdmin(context.stack);
  context.order = await addOrder(context.admin);
});
test.after(async ({ stack }) => {
  await stack.stop();
});

async function expectRefusal(
  stack: Stack,
  send: () => Promise<{ status: number; body: unknown }>,
  status: number,
  message: string,
  label = message,
) {
  const before = await countEvents(stack);
  const answer = await send();
  assert.is(answer.status, status, `${label}: ${JSON.stringify(answer.body)}`);
  assert.is((answer.body as { message?: string }).message, message, label);
  assert.is(await countEvents(stack), before, `${label}: nothing written`);
}

const firstItem = orderPayload().items[0] as Record<string, unknown>;
const withItem = (overrides: Record<string, unknown>) => orderPayload({ items: [{ ...firstItem, ...overrides }] });

const addOrderCases: [string, Record<string, unknown>][] = [
  ['Invalid email address', orderPayload({ customerEmail: 'jane-at-example' })],
  ['Customer name is required', orderPayload({ customerName: '' })],
  ['Order date is required', orderPayload({ orderDate: '' })],
  ['Subtotal is required', orderPayload({ subtotal: undefined })],
  ['Shipping cost is required', orderPayload({ shipping: null })],
  ['Total is required', orderPayload({ total: '' })],
  ['Amount paid is required', orderPayload({ amountPaid: undefined })],
  ['Amount remaining is required', orderPayload({ amountRemaining: undefined })],
  ['At least one item is required', orderPayload({ items: [] })],
  [
    'Billing address is required when not using the same shipping address',
    orderPayload({ sameBillingAddress: false, billingAddress: { name: '', address1: '', city: '' } }),
  ],
  ['Item name is required', withItem({ name: '' })],
  ['Price is required', withItem({ price: undefined })],
  ['Quantity is required', withItem({ quantity: undefined })],
  [
    'Manufacturer must be one of Titleist, Mizuno, Srixon, TaylorMade, Cobra, Callaway, Ping, Cleveland',
    withItem({ manufacturer: 'Wilson' }),
  ],
  ['Invalid item status', withItem({ status: 'order_shipped' })],
];

for (const [message, payload] of addOrderCases) {
  test(`add order: '${message}'`, async ({ stack, admin }) => {
    await expectRefusal(stack, () => admin.post('/api/admin/orders', payload), 400, message);
  });
}

test('add order: the billing message is reported on the billing name', async ({ admin }) => {
  const answer = await admin.post<{ errors: { path: string; message: string }[] }>(
    '/api/admin/orders',
    orderPayload({ sameBillingAddress: false }),
  );
  assert.ok(
    answer.body.errors.some(
      (error) =>
        error.path === 'billingAddress.name' &&
        error.message === 'Billing address is required when not using the same shipping address',
    ),
  );
});

test('add order: a payload without sameBillingAddress is placed with the billing address it sent', async ({
  admin,
}) => {
  const { sameBillingAddress: _notInTheSpecPayload, ...payload } = orderPayload({
    billingAddress: {
      name: 'Golf Club Ltd',
      address1: '2 Green Road',
      address2: '',
      city: 'Troon',
      state: '',
      zipCode: 'KA10 6AA',
      country: 'United Kingdom',
    },
  });
  const answer = await admin.post<{ billingAddress: { name: string; state: string | null } }>(
    '/api/admin/orders',
    payload,
  );
  assert.is(answer.status, 201);
  assert.is(answer.body.billingAddress.name, 'Golf Club Ltd');
});

test('add order: every problem is listed, the first one is the message', async ({ admin }) => {
  const answer = await admin.post<{ message: string; errors: { path: string; message: string }[] }>(
    '/api/admin/orders',
    {},
  );
  assert.is(answer.status, 400);
  assert.is(answer.body.message, 'Invalid email address');
  assert.equal(
    answer.body.errors.map((error) => error.message),
    [
      'Invalid email address',
      'Customer name is required',
      'Order date is required',
      'Subtotal is required',
      'Shipping cost is required',
      'Total is required',
      'Amount paid is required',
      'Amount remaining is required',
      'At least one item is required',
    ],
  );
});

test("status update: 'Required' without a status, 'Invalid input' for another value", async ({
  stack,
  admin,
  order,
}) => {
  const path = `/api/admin/orders/${order.orderNumber}/status`;
  await expectRefusal(stack, () => admin.patch(path, { trackingNumber: 'PF1' }), 400, 'Required');
  await expectRefusal(stack, () => admin.patch(path, { status: 'lost_in_the_post' }), 400, 'Invalid input');
});

test("status update: 'Invalid email' and 'Invalid input' for wrong types", async ({ stack, admin, order }) => {
  const path = `/api/admin/orders/${order.orderNumber}/status`;
  const status = 'order_being_processed';
  await expectRefusal(stack, () => admin.patch(path, { status, customerEmail: 'nope' }), 400, 'Invalid email');
  for (const field of ['trackingNumber', 'estimatedDelivery', 'customerNotes', 'fitterNotes', 'shippingCity']) {
    await expectRefusal(stack, () => admin.patch(path, { status, [field]: 12 }), 400, 'Invalid input', field);
  }
  await expectRefusal(stack, () => admin.patch(path, { status, notifyCustomer: 'yes' }), 400, 'Invalid input');
  await expectRefusal(stack, () => admin.patch(path, { status, shippingAddress: 'Fife' }), 400, 'Invalid input');
  await expectRefusal(stack, () => admin.patch(path, { status, billingAddress: { city: 7 } }), 400, 'Invalid input');
});

test('status update: the customer name cannot be blanked', async ({ stack, admin, order }) => {
  await expectRefusal(
    stack,
    () => admin.patch(`/api/admin/orders/${order.orderNumber}/status`, { status: order.status, customerName: '' }),
    400,
    'Customer name is required',
  );
});

test('item update: status one of the five, manufacturer one of the eight, dates real', async ({
  stack,
  admin,
  order,
}) => {
  const path = `/api/admin/orders/${order.orderNumber}/items/${order.items[0]?.id}`;
  await expectRefusal(stack, () => admin.patch(path, { status: 'order_shipped' }), 400, 'Invalid item status');
  await expectRefusal(
    stack,
    () => admin.patch(path, { manufacturer: 'Wilson' }),
    400,
    'Manufacturer must be one of Titleist, Mizuno, Srixon, TaylorMade, Cobra, Callaway, Ping, Cleveland',
  );
  await expectRefusal(stack, () => admin.patch(path, { estimatedDelivery: '2026-02-30' }), 400, 'Invalid date');
  await expectRefusal(stack, () => admin.patch(path, { estimatedDelivery: 20261201 }), 400, 'Invalid date');
});

test('customer login: a valid email and a required order number', async ({ stack }) => {
  const client = stack.client();
  await expectRefusal(stack, () => client.loginCustomer('not-an-email', 'EP-0001'), 400, 'Invalid email');
  await expectRefusal(
    stack,
    () => client.post('/api/auth/customer/login', { email: 'a@example.com' }),
    400,
    'Required',
  );
  await expectRefusal(
    stack,
    () => client.post('/api/auth/customer/login', { orderNumber: 'EP-0001' }),
    400,
    'Required',
    'no email',
  );
});

test('admin login: username and password are required', async ({ stack }) => {
  const client = stack.client();
  await expectRefusal(stack, () => client.post('/api/auth/admin/login', { password: 'x' }), 400, 'Required');
  await expectRefusal(stack, () => client.post('/api/auth/admin/login', { username: 'admin' }), 400, 'Required');
});

test("login: a field sent with the wrong type is 'Invalid input', not 'Required'", async ({ stack }) => {
  const client = stack.client();
  const cases: [string, Record<string, unknown>, string][] = [
    ['/api/auth/customer/login', { email: 'a@example.com', orderNumber: 1 }, 'orderNumber'],
    ['/api/auth/customer/login', { email: null, orderNumber: 'EP-0001' }, 'email'],
    ['/api/auth/admin/login', { username: ['admin'], password: 'x' }, 'username'],
    ['/api/auth/admin/login', { username: 'admin', password: 1234 }, 'password'],
  ];
  for (const [path, body, field] of cases) {
    await expectRefusal(stack, () => client.post(path, body), 400, 'Invalid input', `${path} ${field}`);
  }
});

test('a write whose body is not JSON is a 415 saying so, on every order and login endpoint', async ({
  stack,
  admin,
  order,
}) => {
  const paths: [string, string][] = [
    ['POST', '/api/admin/orders'],
    ['PATCH', `/api/admin/orders/${order.orderNumber}/status`],
    ['PATCH', `/api/admin/orders/${order.orderNumber}/items/${order.items[0]?.id}`],
    ['POST', '/api/auth/customer/login'],
    ['POST', '/api/auth/admin/login'],
  ];
  const json = JSON.stringify({ ...orderPayload(), status: order.status, username: 'admin', password: 'x' });
  for (const [method, path] of paths) {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      await expectRefusal(
        stack,
        () => admin.request(method, path, json, { 'content-type': type }),
        415,
        'The request body must be JSON (Content-Type: application/json).',
        `${method} ${path} as ${type}`,
      );
    }
  }
});

test('a method a path does not take is a 405 with a JSON message', async ({ admin, order }) => {
  const answer = await admin.request<{ message: string }>('PUT', `/api/admin/orders/${order.orderNumber}/status`, {
    status: order.status,
  });
  assert.is(answer.status, 405);
  assert.type(answer.body.message, 'string');
});

test('an unknown API path is a 404 whose body, like every error, has message and error', async ({ admin }) => {
  const answer = await admin.get<{ message: string; error: string }>('/api/no-such-endpoint');
  assert.is(answer.status, 404);
  assert.is(answer.body.message, 'Not found');
  assert.is(answer.body.error, 'Not found');
});

test('malformed JSON is a 400 with a message on every write endpoint', async ({ stack, admin, order }) => {
  const paths: [string, string][] = [
    ['POST', '/api/admin/orders'],
    ['PATCH', `/api/admin/orders/${order.orderNumber}/status`],
    ['PATCH', `/api/admin/orders/${order.orderNumber}/items/${order.items[0]?.id}`],
    ['POST', '/api/auth/customer/login'],
    ['POST', '/api/auth/admin/login'],
  ];
  for (const [method, path] of paths) {
    for (const body of ['{"status": ', '{bad json}', '"just a string"', '42']) {
      await expectRefusal(
        stack,
        () => admin.request(method, path, body),
        400,
        'The request body must be a JSON object.',
        `${method} ${path} ${body}`,
      );
    }
  }
});

test('text the database cannot store is a 400, not a 500', async ({ stack, admin, order }) => {
  const message = 'The request contains characters that cannot be stored (a NUL character or broken Unicode).';
  await expectRefusal(
    stack,
    () => admin.patch(`/api/admin/orders/${order.orderNumber}/status`, { status: order.status, notes: 'a\u0000b' }),
    400,
    message,
  );
  await expectRefusal(
    stack,
    () => admin.request('POST', '/api/admin/orders', '{"customerName": "\\udc00"}'),
    400,
    message,
  );
  const read = await admin.get<{ message: string }>('/api/orders/EP%00');
  assert.is(read.status, 400);
  assert.is(read.body.message, message);
});

test('a body that is an array or has wrong types everywhere is a 400 with a message', async ({ stack, admin }) => {
  for (const body of [[], [orderPayload()], { ...orderPayload(), items: 'Driver', subtotal: true }]) {
    const before = await countEvents(stack);
    const answer = await admin.post<{ message: string }>('/api/admin/orders', body);
    assert.is(answer.status, 400);
    assert.type(answer.body.message, 'string');
    assert.is(await countEvents(stack), before);
  }
});

test.run();
