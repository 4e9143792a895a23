import type { Customer, OrderItemView, OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin, signedInCustomer } from '../support/scenario.ts';
import { type Stack, startStack, uniqueEmail } from '../support/stack.ts';

/** get-order, get-order-items, list-admin-orders, list-customer-orders, next-order-number, search-customers. */
const test = suite<{ stack: Stack }>('reading orders, the session user and customers', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const item = (overrides: Record<string, unknown>) => ({
  name: 'Driver',
  sku: null,
  price: 10_000,
  quantity: 1,
  manufacturer: 'Titleist',
  status: null,
  estimatedDelivery: null,
  documentUrl: null,
  ...overrides,
});

test('GET /api/auth/me is a 401 when signed out and the session user when signed in', async ({ stack }) => {
  const anonymous = await stack.client().get<{ message: string }>('/api/auth/me');
  assert.is(anonymous.status, 401);
  assert.ok(anonymous.body.message);

  const admin = await signedInAdmin(stack);
  const me = await admin.get<{ user: Record<string, unknown> }>('/api/auth/me');
  assert.is(me.status, 200);
  assert.equal(Object.keys(me.body.user).sort(), [
    'customerName',
    'customerPhone',
    'email',
    'id',
    'isAdmin',
    'role',
    'username',
  ]);
  assert.is(me.body.user.username, 'admin');
  assert.is(me.body.user.isAdmin, true);
  assert.is(me.body.user.role, 'admin');

  const email = uniqueEmail('me');
  const order = await addOrder(admin, {
    customerEmail: email,
    customerName: 'Mae Putter',
    customerPhone: '07700 900456',
  });
  const customer = await signedInCustomer(stack, email, order.orderNumber);
  const mine = await customer.get<{ user: Record<string, unknown> }>('/api/auth/me');
  assert.equal(
    [mine.body.user.email, mine.body.user.customerName, mine.body.user.customerPhone, mine.body.user.isAdmin],
    [email, 'Mae Putter', '07700 900456', false],
  );
  assert.not.ok('password' in mine.body.user || 'passwordHash' in mine.body.user);
});

test('a customer lists all and only their orders: open before complete, newest first', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const email = uniqueEmail('list');
  const old = await addOrder(admin, { customerEmail: email, orderDate: '2026-01-05' });
  const done = await addOrder(admin, {
    customerEmail: email.toUpperCase(),
    orderDate: '2026-03-01',
    items: [item({ status: 'order_collected_shipped' })],
  });
  const recent = await addOrder(admin, { customerEmail: email, orderDate: '2026-02-10' });
  await addOrder(admin, { customerEmail: uniqueEmail('someone-else') });

  const customer = await signedInCustomer(stack, email, old.orderNumber);
  const list = await customer.get<OrderView[]>('/api/customer/orders');
  assert.is(list.status, 200);
  assert.equal(
    list.body.map((order) => order.orderNumber),
    [recent.orderNumber, old.orderNumber, done.orderNumber],
  );
  const [first] = list.body;
  for (const field of ['id', 'orderNumber', 'orderDate', 'status', 'items', 'total', 'amountPaid', 'amountRemaining']) {
    assert.ok(field in (first ?? {}), field);
  }
  assert.ok(list.body.every((order) => !('fitterNotes' in order)));
  const complete = list.body.find((order) => order.orderNumber === done.orderNumber);
  assert.is(complete?.complete, true);
  assert.ok(complete?.deliveredAt, 'a complete order says when it was delivered');
});

test('order detail and items carry every field; money stays in pence', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin, { fitterNotes: 'Only for the studio' });
  const detail = await admin.get<OrderView>(`/api/orders/${order.orderNumber}`);
  assert.is(detail.status, 200);
  assert.is(detail.body.total, 91_400);
  assert.is(detail.body.amountRemaining, 71_400);
  assert.is(detail.body.fitterNotes, 'Only for the studio');
  assert.is(detail.headers.get('etag'), '"1"');

  const items = await admin.get<OrderItemView[]>(`/api/orders/${order.orderNumber}/items`);
  assert.is(items.status, 200);
  assert.is(items.body.length, 2);
  const [driver] = items.body;
  for (const field of ['id', 'orderId', 'name', 'sku', 'price', 'quantity', 'imageUrl', 'documentUrl']) {
    assert.ok(field in (driver ?? {}), field);
  }
  for (const field of ['manufacturer', 'estimatedDelivery', 'status']) assert.ok(field in (driver ?? {}), field);
  assert.is(driver?.orderId, order.id);
  assert.is(driver?.price, 49_900);
});

test('an unknown order is a 404 with its message', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  for (const path of ['/api/orders/EP-9999', '/api/orders/EP-9999/items', '/api/orders/EP-9999/timeline']) {
    const answer = await admin.get<{ message: string }>(path);
    assert.is(answer.status, 404, path);
    assert.is(answer.body.message, 'Order not found');
  }
});

test("an order's userId is its customer's account: null until they first sign in, then theirs", async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const email = uniqueEmail('owner');
  const order = await addOrder(admin, { customerEmail: email });
  assert.is(order.userId, null);
  assert.is((await admin.get<OrderView>(`/api/orders/${order.orderNumber}`)).body.userId, null);

  const customer = await signedInCustomer(stack, email.toUpperCase(), order.orderNumber);
  const me = await customer.get<{ user: { id: string } }>('/api/auth/me');
  const [listed] = (await customer.get<OrderView[]>('/api/customer/orders')).body;
  assert.is(listed?.userId, me.body.user.id);
  assert.is((await admin.get<OrderView>(`/api/orders/${order.orderNumber}`)).body.userId, me.body.user.id);
  const [adminListed] = (await admin.get<OrderView[]>('/api/admin/orders')).body.filter(
    (o) => o.orderNumber === order.orderNumber,
  );
  assert.is(adminListed?.userId, me.body.user.id);
  const edited = await admin.patch<OrderView>(`/api/admin/orders/${order.orderNumber}/status`, {
    status: 'order_placed_with_manufacturer',
  });
  assert.is(edited.body.userId, me.body.user.id);
});

test('an order number in the URL is found in any case, for its customer and for admins', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const email = uniqueEmail('case');
  const order = await addOrder(admin, { customerEmail: email });
  const customer = await signedInCustomer(stack, email, order.orderNumber);
  const typed = order.orderNumber.toLowerCase();
  assert.is.not(typed, order.orderNumber);
  for (const reader of [admin, customer]) {
    const detail = await reader.get<OrderView>(`/api/orders/${typed}`);
    assert.is(detail.status, 200);
    assert.is(detail.body.orderNumber, order.orderNumber);
    const items = await reader.get<OrderItemView[]>(`/api/orders/${typed}/items`);
    assert.is(items.status, 200);
    assert.is(items.body.length, 2);
    const timeline = await reader.get<unknown[]>(`/api/orders/${typed}/timeline`);
    assert.is(timeline.status, 200);
    assert.ok(timeline.body.length > 0);
  }
  const otherEmail = uniqueEmail('stranger');
  const other = await addOrder(admin, { customerEmail: otherEmail });
  const stranger = await signedInCustomer(stack, otherEmail, other.orderNumber);
  assert.is((await stranger.get(`/api/orders/${typed}`)).status, 404);
});

test('the admin list carries every order with items and its derived fields', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const overdue = await addOrder(admin, {
    items: [
      item({ status: 'order_placed_with_manufacturer', estimatedDelivery: '2020-01-10' }),
      item({ name: 'Irons', status: 'order_checked_ready_for_collection', estimatedDelivery: '2020-01-05' }),
    ],
  });
  const complete = await addOrder(admin, {
    items: [item({ status: 'order_collected_shipped', estimatedDelivery: '2020-01-10' })],
  });
  const open = await addOrder(admin, {
    items: [item({ status: 'order_arrived_awaiting_qc' }), item({ name: 'Wedges' })],
  });

  const list = await admin.get<OrderView[]>('/api/admin/orders');
  assert.is(list.status, 200);
  const byNumber = new Map(list.body.map((order) => [order.orderNumber, order]));
  const derived = (n: string) => {
    const o = byNumber.get(n);
    return [o?.adminStatus, o?.complete, o?.overdue, o?.allEtasAdded, o?.itemCount];
  };
  assert.equal(derived(overdue.orderNumber), ['order_placed_with_manufacturer', false, true, true, 2]);
  assert.equal(derived(complete.orderNumber), ['order_collected_shipped', true, false, true, 1]);
  assert.equal(derived(open.orderNumber), ['order_being_processed', false, false, false, 2]);
  assert.ok(list.body.every((order) => Array.isArray(order.items) && 'fitterNotes' in order));
});

test('next-order-number previews the number the next added order gets', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const next = await admin.get<{ nextOrderNumber: string }>('/api/admin/next-order-number');
  assert.is(next.status, 200);
  assert.match(next.body.nextOrderNumber, /^EP-\d{4,}$/);
  const added = await addOrder(admin);
  assert.is(added.orderNumber, next.body.nextOrderNumber);
});

test('customer search matches name or email anywhere, case-insensitively, with flat address fields', async ({
  stack,
}) => {
  const admin = await signedInAdmin(stack);
  const email = uniqueEmail('harriet.vardon');
  await addOrder(admin, { customerEmail: email, customerName: 'Harriet Vardon', customerPhone: '01334 000000' });
  const byName = await admin.get<Customer[]>('/api/admin/customers?q=VARD');
  assert.is(byName.status, 200);
  const [found] = byName.body;
  assert.is(found?.customerEmail, email);
  assert.equal(
    [found?.customerName, found?.customerPhone, found?.shippingCity, found?.billingZipCode],
    ['Harriet Vardon', '01334 000000', 'St Andrews', 'KY16 9AA'],
  );
  const byEmail = await admin.get<Customer[]>(`/api/admin/customers?q=${encodeURIComponent(email.slice(8, 20))}`);
  assert.ok(byEmail.body.some((customer) => customer.customerEmail === email));
});

test('among thousands of customers the list is whole, a search bounded: q narrows, limit caps', async ({ stack }) => {
  await stack.db.pool.query(
    `insert into rm.customers (email_lower, customer_email, customer_name, updated_at)
     select 'bulk' || n || '@example.com', 'bulk' || n || '@example.com', 'Bulk Customer ' || n, '2026-01-01'
       from generate_series(1, 5000) n`,
  );
  const admin = await signedInAdmin(stack);
  const all = await admin.get<Customer[]>('/api/admin/customers');
  assert.is(all.status, 200);
  assert.ok(all.body.length >= 5000, 'called without parameters it gives the whole list');
  const searched = await admin.get<Customer[]>('/api/admin/customers?q=bulk');
  assert.is(searched.body.length, 50, 'a search has a default limit');
  const capped = await admin.get<Customer[]>('/api/admin/customers?q=bulk&limit=5');
  assert.is(capped.body.length, 5);
  const one = await admin.get<Customer[]>('/api/admin/customers?q=customer%204999');
  assert.equal(
    one.body.map((customer) => customer.customerEmail),
    ['bulk4999@example.com'],
  );
  const wildcard = await admin.get<Customer[]>('/api/admin/customers?q=%25');
  assert.is(wildcard.body.length, 0, "'%' is a character to find, not a wildcard");
  const badLimit = await admin.get<{ message: string }>('/api/admin/customers?limit=lots');
  assert.is(badLimit.status, 400);
});

test('a new order number is given out in sequence to concurrent adds, with the configured prefix', async ({
  stack,
}) => {
  const admin = await signedInAdmin(stack);
  const orders = await Promise.all([addOrder(admin), addOrder(admin), addOrder(admin)]);
  const numbers = orders.map((order) => Number(order.orderNumber.slice(3))).sort((a, b) => a - b);
  assert.is(new Set(numbers).size, 3);
  assert.ok(orders.every((order) => order.orderNumber.startsWith(stack.config.ORDER_NUMBER_PREFIX)));
});

test.run();
