import type { ImportReport } from '@ot/contracts/imports/import-report.ts';
import type { AdminOrdersPage } from '@ot/contracts/orders/admin-order-list.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signedInAdmin, signedInCustomer } from '../support/scenario.ts';
import { type Client, orderPayload, type Stack, startStack } from '../support/stack.ts';

const test = suite<{ stack: Stack; admin: Client }>('list-admin-orders at scale: pages, counts, search, ETag', {
  stack: undefined as never,
  admin: undefined as never,
});

const done = { status: 'order_collected_shipped', estimatedDelivery: '2026-01-01' };
const late = { status: 'order_placed_with_manufacturer', estimatedDelivery: '2020-02-02' };
const item = (overrides: Record<string, unknown> = {}) => ({
  name: 'Driver',
  sku: null,
  price: 10_000,
  quantity: 1,
  manufacturer: 'Ping',
  status: null,
  estimatedDelivery: null,
  documentUrl: null,
  ...overrides,
});

/** Orders over 40 days (many on one day, so the order number breaks ties), a third of them complete. */
const generated = (count: number, offset: number) =>
  Array.from({ length: count }, (_, i) => {
    const n = offset + i;
    return orderPayload({
      customerName: `${['Ada', 'Bo', 'Cy'][n % 3]} Golfer${n}`,
      customerEmail: `golfer${n}@Example.com`,
      orderDate: `2026-${String(1 + (n % 10)).padStart(2, '0')}-${String(1 + (n % 4)).padStart(2, '0')}`,
      items:
        n % 3 === 0
          ? [item(done), item(done)]
          : n % 3 === 1 && n % 2 === 0
            ? [item(late), item(late)] // overdue: with the manufacturer, due in the past
            : [item(), item({ status: 'order_placed_with_manufacturer' })],
    });
  });

async function importOrders(admin: Client, rows: unknown[]): Promise<string[]> {
  const answer = await admin.post<ImportReport>('/api/admin/import', rows);
  if (answer.status !== 200) throw new Error(`import failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.importedKeys;
}

const page = (admin: Client, params: Record<string, string>) =>
  admin.get<AdminOrdersPage>(`/api/admin/orders?${new URLSearchParams(params)}`);

/** Every page of a tab, following the cursor; `between` runs after each page (concurrent writers). */
async function allPages(admin: Client, params: Record<string, string>, between: () => Promise<void> = async () => {}) {
  const numbers: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const answer = await page(admin, { ...params, ...(cursor ? { cursor } : {}) });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    numbers.push(...answer.body.orders.map((order) => order.orderNumber));
    cursor = answer.body.nextCursor;
    if (!cursor) return numbers;
    await between();
  }
  throw new Error('paging did not end');
}

test.before(async (context) => {
  context.stack = await startStack();
  context.admin = await signedInAdmin(context.stack);
  await importOrders(context.admin, generated(240, 0));
  await context.stack.settle();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

test('the unparameterised call still answers every order, with its items, newest first', async ({ stack, admin }) => {
  const answer = await admin.get<OrderView[]>('/api/admin/orders');
  assert.is(answer.status, 200);
  assert.match(answer.headers.get('content-type') ?? '', /application\/json/);
  const { rows } = await stack.db.pool.query<{ n: number }>('select count(*)::int as n from rm.orders');
  assert.is(answer.body.length, rows[0]?.n);
  assert.ok(answer.body.every((order) => order.items.length === 2));
  const keys = answer.body.map((order) => `${order.orderDate} ${order.orderNumber}`);
  assert.equal(keys, [...keys].sort().reverse());
});

test('the streamed list holds each order exactly as GET /api/orders/{n} answers it', async ({ admin }) => {
  const list = (await admin.get<OrderView[]>('/api/admin/orders')).body;
  assert.ok(list.some((order) => order.overdue) && list.some((order) => order.complete));
  for (const order of list.filter((_, index) => index % 8 === 0)) {
    const one = await admin.get<OrderView>(`/api/orders/${order.orderNumber}`);
    assert.equal(order, one.body, order.orderNumber);
  }
});

test('paging a tab while orders are added and edited shows every order exactly once', async ({ stack, admin }) => {
  const before = (await admin.get<OrderView[]>('/api/admin/orders')).body;
  const active = before.filter((order) => !order.complete);
  let round = 0;
  const writers = async () => {
    round += 1;
    // New orders on dates before, among and after the pages already read...
    await importOrders(admin, generated(3, 10_000 + round * 3));
    // ...and edits of orders on both sides of the cursor, which keep them in the tab.
    for (const order of [active[round % active.length], active[(round * 7 + 100) % active.length]]) {
      if (!order) continue;
      const [first] = order.items;
      await admin.patch(`/api/admin/orders/${order.orderNumber}/items/${first?.id}`, {
        status: 'order_arrived_awaiting_qc',
        estimatedDelivery: `2026-12-${String(1 + (round % 28)).padStart(2, '0')}`,
      });
    }
  };
  const seen = await allPages(admin, { tab: 'active', limit: '9' }, writers);
  assert.ok(round > 10, `paged ${round} times`);
  assert.is(new Set(seen).size, seen.length, 'no order is shown twice');
  const missing = active.filter((order) => !seen.includes(order.orderNumber));
  assert.equal(missing, [], 'no order is skipped');
  await stack.settle();
});

/** The PWA's own rules, applied to the whole list, as the reference for the server's filters. */
function reference(orders: OrderView[], search: string, status: string) {
  const needle = search.toLowerCase();
  const matches = orders.filter(
    (o) =>
      (!needle || [o.orderNumber, o.customerName, o.customerEmail].some((f) => f.toLowerCase().includes(needle))) &&
      (status === 'all' ||
        o.status === status ||
        o.adminStatus === status ||
        ((status === 'order_collected' || status === 'order_shipped') && o.complete)),
  );
  return {
    active: matches.filter((o) => !o.complete).map((o) => o.orderNumber),
    completed: matches.filter((o) => o.complete).map((o) => o.orderNumber),
  };
}

test("both tabs' counts and rows equal the full list's, for any search and status", async ({ stack, admin }) => {
  await stack.settle();
  const all = (await admin.get<OrderView[]>('/api/admin/orders')).body;
  const cases: [string, string][] = [
    ['', 'all'],
    ['golfer1', 'all'],
    ['ADA', 'all'],
    ['', 'order_being_processed'],
    ['', 'order_collected'],
    ['bo', 'order_arrived_awaiting_qc'],
    ['EXAMPLE.COM', 'order_shipped'],
  ];
  for (const [search, status] of cases) {
    const expected = reference(all, search, status);
    const first = await page(admin, { tab: 'active', search, status, limit: '5' });
    assert.equal(first.body.counts, { active: expected.active.length, completed: expected.completed.length }, search);
    assert.equal(await allPages(admin, { tab: 'active', search, status, limit: '50' }), expected.active);
    assert.equal(await allPages(admin, { tab: 'completed', search, status, limit: '50' }), expected.completed);
  }
});

test('search finds by part of a number, a name or an email, in any case', async ({ admin }) => {
  const [number] = await importOrders(admin, [
    orderPayload({ customerName: 'Zebedee Quintrell', customerEmail: 'Fairway.Wizard@Links.example' }),
  ]);
  const found = async (search: string) => {
    const [active, completed] = await Promise.all([
      allPages(admin, { tab: 'active', search }),
      allPages(admin, { tab: 'completed', search }),
    ]);
    return [...active, ...completed];
  };
  assert.equal(await found('ebedee quin'), [number]);
  assert.equal(await found('QUINTRELL'), [number]);
  assert.equal(await found('fairway.wiz'), [number]);
  assert.equal(await found('@LINKS.EXAMPLE'), [number]);
  assert.ok((await found(String(number).slice(-3).toLowerCase())).includes(number as string));
  assert.equal(await found('100%_'), []);
});

test('a refetch of an unchanged list is a 304 with no body; any change makes it a 200 again', async ({ admin }) => {
  const first = await admin.get<OrderView[]>('/api/admin/orders');
  const etag = first.headers.get('etag') ?? '';
  assert.ok(etag, 'an ETag');
  const again = await admin.get('/api/admin/orders', { 'if-none-match': etag });
  assert.is(again.status, 304);
  assert.is(again.body, null);

  const order = first.body.find((candidate) => !candidate.complete) as OrderView;
  await admin.patch(`/api/admin/orders/${order.orderNumber}/status`, { status: order.status, trackingNumber: 'T1' });
  const changed = await admin.get<OrderView[]>('/api/admin/orders', { 'if-none-match': etag });
  assert.is(changed.status, 200);
  assert.is.not(changed.headers.get('etag'), etag);
  assert.is(changed.body.find((candidate) => candidate.orderNumber === order.orderNumber)?.trackingNumber, 'T1');
  const unchanged = await admin.get('/api/admin/orders', { 'if-none-match': changed.headers.get('etag') ?? '' });
  assert.is(unchanged.status, 304);
});

test('bad paging parameters are a 400 with a message; customers get a 403', async ({ stack, admin }) => {
  for (const query of [
    'tab=both',
    'tab=active&limit=0',
    'tab=active&limit=1000',
    'tab=active&cursor=nonsense',
    'limit=5',
  ]) {
    const answer = await admin.get<{ message: string }>(`/api/admin/orders?${query}`);
    assert.is(answer.status, 400, query);
    assert.ok(answer.body.message, query);
  }
  const [number] = await importOrders(admin, [orderPayload({ customerEmail: 'pager@example.com' })]);
  await stack.settle();
  const customer = await signedInCustomer(stack, 'pager@example.com', number as string);
  assert.is((await customer.get('/api/admin/orders?tab=active')).status, 403);
  assert.is((await customer.get('/api/admin/orders')).status, 403);
});

test.run();
