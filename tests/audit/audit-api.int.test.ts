import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin, signedInCustomer, signedInStaff } from '../support/scenario.ts';
import { type Client, orderPayload, type Stack, startStack, uniqueEmail } from '../support/stack.ts';

/**
 * The audit paths on the server: who may use the audit paths (anonymous, customer, auditor, admin), an auditor
 * writes nothing, and the order as of a version is exactly what GET /api/orders/{n} answered then.
 */
type Role = 'anonymous' | 'customer' | 'auditor' | 'admin';
const roles: Role[] = ['anonymous', 'customer', 'auditor', 'admin'];
const AUDITOR = { username: 'ada.auditor', password: 'auditors read every line' };
const SECOND_ADMIN = { username: 'ben.fitter', password: 'a second admin of the studio' };

interface World {
  stack: Stack;
  order: OrderView;
  email: string;
  as(role: Role): Promise<Client>;
}

const test = suite<World>('audit API: roles, history, as-of', {} as World);

test.before(async (world) => {
  world.stack = await startStack();
  const admin = await signedInAdmin(world.stack);
  world.email = uniqueEmail('audited');
  world.order = await addOrder(admin, { customerEmail: world.email, fitterNotes: 'staff only' });
  world.as = async (role) => {
    if (role === 'customer') return signedInCustomer(world.stack, world.email, world.order.orderNumber);
    if (role === 'admin') return signedInAdmin(world.stack);
    if (role === 'auditor') return signedInStaff(world.stack, AUDITOR, 'auditor');
    return world.stack.client();
  };
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const N = (world: World) => world.order.orderNumber;
const audit = { anonymous: 401, customer: 403, auditor: 200, admin: 200 };
const staffRead = audit;
const write = (status: number) => ({ anonymous: 401, customer: 403, auditor: 403, admin: status });

const calls: {
  method: 'GET' | 'POST' | 'PATCH';
  path: (w: World) => string;
  body?: unknown;
  expected: Record<Role, number>;
}[] = [
  { method: 'GET', path: (w) => `/api/audit/orders/${N(w)}/events`, expected: audit },
  { method: 'GET', path: (w) => `/api/audit/orders/${N(w)}?version=1`, expected: audit },
  { method: 'GET', path: (w) => `/api/audit/orders/${N(w)}?at=${new Date().toISOString()}`, expected: audit },
  { method: 'GET', path: (w) => `/api/audit/orders/${N(w)}`, expected: audit },
  { method: 'GET', path: () => '/api/audit/export?format=csv', expected: audit },
  { method: 'GET', path: (w) => `/api/audit/export?format=ndjson&orderNumber=${N(w)}`, expected: audit },
  { method: 'GET', path: () => '/api/audit/verify', expected: audit },
  {
    method: 'GET',
    path: () => '/api/audit/orders/EP-UNKNOWN/events',
    expected: { anonymous: 401, customer: 403, auditor: 404, admin: 404 },
  },
  { method: 'GET', path: () => '/api/admin/orders', expected: staffRead },
  { method: 'GET', path: () => '/api/admin/email-events', expected: staffRead },
  { method: 'GET', path: (w) => `/api/orders/${N(w)}/timeline`, expected: { ...staffRead, customer: 200 } },
  { method: 'GET', path: () => '/api/admin/next-order-number', expected: write(200) },
  { method: 'POST', path: () => '/api/admin/orders', body: orderPayload(), expected: write(201) },
  {
    method: 'PATCH',
    path: (w) => `/api/admin/orders/${N(w)}/status`,
    body: { status: 'order_being_processed', fitterNotes: 'staff only, still' },
    expected: write(200),
  },
  {
    method: 'PATCH',
    path: (w) => `/api/admin/orders/${N(w)}/items/${w.order.items[0]?.id}`,
    body: { estimatedDelivery: '2026-12-24' },
    expected: write(200),
  },
  { method: 'POST', path: () => '/api/admin/test-email', body: { email: 'x@example.com' }, expected: write(200) },
  { method: 'POST', path: () => '/api/admin/import', body: {}, expected: write(400) },
];

for (const call of calls) {
  const label = `${call.method} ${call.path({ order: { orderNumber: '{n}', items: [{ id: '{item}' }] } } as World)}`;
  test(`${label}: ${roles.map((role) => `${role} ${call.expected[role]}`).join(', ')}`, async (world) => {
    for (const role of roles) {
      const client = await world.as(role);
      const answer = await client.request<{ message?: string }>(call.method, call.path(world), call.body);
      if (call.expected[role] === 200 && role === 'admin' && call.method === 'POST') continue;
      assert.is(answer.status, call.expected[role], `${role}: ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
  });
}

test('an auditor reads the admin view (fitter notes included) and their session says auditor', async (world) => {
  const auditor = await world.as('auditor');
  const me = await auditor.get<{ user: { role: string; isAdmin: boolean } }>('/api/auth/me');
  assert.equal([me.body.user.role, me.body.user.isAdmin], ['auditor', false]);
  const order = await auditor.get<OrderView>(`/api/orders/${N(world)}`);
  assert.is(order.status, 200);
  assert.type(order.body.fitterNotes, 'string');
});

test('as of every version equals what GET /api/orders/{n} answered at that version, through a history by two admins', async (world) => {
  const first = await world.as('admin');
  const second = await signedInStaff(world.stack, SECOND_ADMIN);
  const placed = await addOrder(first, {
    fitterNotes: 'v1 notes',
    items: [
      { name: 'Driver', sku: 'DRV-1', price: 45000, quantity: 1, manufacturer: 'Titleist' },
      { name: 'Irons', sku: 'IRN-7', price: 99900, quantity: 1, manufacturer: 'Mizuno' },
    ],
  });
  const n = placed.orderNumber;
  const [driver, irons] = placed.items.map((item) => item.id) as [string, string];
  const seen = new Map<number, OrderView>();
  /** When each answer had come back, by this test's clock: the order stood as it answered then. */
  const readAt = new Map<number, string>();
  const record = async (reader: Client) => {
    await world.stack.settle();
    const answer = await reader.get<OrderView>(`/api/orders/${n}`);
    assert.is(answer.status, 200);
    seen.set(answer.body.version, answer.body);
    readAt.set(answer.body.version, new Date().toISOString());
  };
  await record(first);
  const status = `/api/admin/orders/${n}/status`;
  const item = (id: string) => `/api/admin/orders/${n}/items/${id}`;
  const steps: [Client, string, unknown, Record<string, string>?][] = [
    [second, status, { status: 'order_placed_with_manufacturer', fitterNotes: 'v2 notes' }],
    [first, item(driver), { status: 'order_placed_with_manufacturer', estimatedDelivery: '2026-12-01' }],
    [second, item(irons), { manufacturer: 'Ping', estimatedDelivery: '2026-12-10' }],
    [
      first,
      status,
      {
        status: 'order_placed_with_manufacturer',
        customerName: 'Jane Renamed',
        customerPhone: '07700 900123',
        shippingName: 'Jane Renamed',
        shippingAddress1: '2 Links Road',
        shippingCity: 'Carnoustie',
        shippingZipCode: 'DD7 7JE',
        shippingCountry: 'United Kingdom',
      },
    ],
    [second, status, { status: 'order_placed_with_manufacturer', trackingNumber: 'PF123456789GB', notes: 'hi' }],
    [first, item(driver), { status: 'order_arrived_awaiting_qc' }, { 'x-send-email': 'true' }],
    [second, status, { status: 'order_arrived_awaiting_qc', documentUrl: 'https://docs.google.com/document/d/spec' }],
    [first, status, { status: 'order_arrived_awaiting_qc', estimatedDelivery: '2026-12-12', fitterNotes: '' }],
    [second, item(irons), { status: 'order_collected_shipped' }],
    [first, item(driver), { status: 'order_collected_shipped' }],
  ];
  for (const [admin, path, body, headers] of steps) {
    const answer = await admin.patch<OrderView>(path, body, headers);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    await record(admin === first ? second : first);
  }
  assert.ok(seen.size > steps.length, `recorded ${seen.size} versions`);
  const events = await world
    .as('auditor')
    .then((auditor) =>
      auditor.get<
        { version: number; stream: string; occurredAt: string; recordedAt: string; actor: { name: string } }[]
      >(`/api/audit/orders/${n}/events`),
    );
  const own = events.body.filter((e) => e.stream === `order-${n}`);
  assert.equal(new Set(own.map((e) => e.actor.name)), new Set(['admin', SECOND_ADMIN.username]), 'both admins act');
  const auditor = await world.as('auditor');
  for (const [version, shown] of seen) {
    const asOf = await auditor.get<OrderView>(`/api/audit/orders/${n}?version=${version}`);
    assert.is(asOf.status, 200);
    assert.equal(asOf.body, shown, `version ${version}`);
    // The last event of that version: several events of one command share a version's time.
    const event = own.filter((e) => e.version <= version).at(-1);
    for (const time of [event?.recordedAt, event?.occurredAt, shown.updatedAt, readAt.get(version)]) {
      const atTime = await auditor.get<OrderView>(`/api/audit/orders/${n}?at=${time}`);
      assert.equal(atTime.body, shown, `at ${time}, the time of version ${version}`);
    }
  }
  const now = await auditor.get<OrderView>(`/api/audit/orders/${n}`);
  assert.equal(now.body, seen.get(Math.max(...seen.keys())), 'without a version: the order as it stands');
  const last = Math.max(...own.map((e) => e.version));
  assert.is((await auditor.get(`/api/audit/orders/${n}?version=${last + 1}`)).status, 404);
  assert.is((await auditor.get(`/api/audit/orders/${n}?version=0`)).status, 404, 'no order has a version 0');
  assert.is((await auditor.get(`/api/audit/orders/${n}?at=2000-01-01T00:00:00Z`)).status, 404);
  const beforePlaced = new Date(Date.parse(own[0]?.occurredAt ?? '') - 1).toISOString();
  assert.is((await auditor.get(`/api/audit/orders/${n}?at=${beforePlaced}`)).status, 404, 'a moment before it');
  assert.is((await auditor.get('/api/audit/orders/EP-9999?version=1')).status, 404);
  for (const bad of ['version=abc', 'version=1.5', 'version=-1', 'at=yesterday', 'at=2026-13-45']) {
    const answer = await auditor.get<{ message: string }>(`/api/audit/orders/${n}?${bad}`);
    assert.is(answer.status, 400, bad);
    assert.type(answer.body.message, 'string');
  }
});

test('the events of an order carry actor, ids, hash and the changes folded from the stream', async (world) => {
  const auditor = await world.as('auditor');
  const answer = await auditor.get<
    {
      type: string;
      version: number;
      actor: { kind: string; name: string };
      commandId: string;
      correlationId: string;
      hash: string;
      changes: { field: string; before: unknown; after: unknown }[];
    }[]
  >(`/api/audit/orders/${N(world)}/events`);
  assert.is(answer.status, 200);
  const [placed] = answer.body;
  assert.is(placed?.type, 'OrderPlaced');
  assert.equal(placed?.actor.kind, 'admin');
  assert.match(placed?.hash ?? '', /^[0-9a-f]{64}$/);
  assert.type(placed?.commandId, 'string');
  const itemId = world.order.items[0]?.id;
  const eta = answer.body.find((event) => event.type === 'ItemEstimatedDeliverySet');
  assert.equal(eta?.changes, [{ field: `items[${itemId}].estimatedDelivery`, before: null, after: '2026-12-24' }]);
  const notes = answer.body.find((event) => event.type === 'FitterNotesChanged');
  assert.equal(notes?.changes, [{ field: 'fitterNotes', before: 'staff only', after: 'staff only, still' }]);
});

test.run();
