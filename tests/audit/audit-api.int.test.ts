import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { createUserRepository } from '@ot/infra/auth/users.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin, signedInCustomer } from '../support/scenario.ts';
import { type Client, orderPayload, type Stack, startStack, uniqueEmail } from '../support/stack.ts';

/**
 * Issue 13 on the server: who may use the audit paths (anonymous, customer, auditor, admin), an auditor
 * writes nothing, and the order as of a version is exactly what GET /api/orders/{n} answered then.
 */
type Role = 'anonymous' | 'customer' | 'auditor' | 'admin';
const roles: Role[] = ['anonymous', 'customer', 'auditor', 'admin'];
const AUDITOR = { username: 'ada.auditor', password: 'auditors read every line' };

interface World {
  stack: Stack;
  order: OrderView;
  email: string;
  as(role: Role): Promise<Client>;
}

const test = suite<World>('audit API: roles, history, as-of', {} as World);

test.before(async (world) => {
  world.stack = await startStack();
  await createUserRepository(world.stack.db.pool).upsertAdmin(AUDITOR.username, AUDITOR.password, undefined, 'auditor');
  const admin = await signedInAdmin(world.stack);
  world.email = uniqueEmail('audited');
  world.order = await addOrder(admin, { customerEmail: world.email, fitterNotes: 'staff only' });
  world.as = async (role) => {
    const client = world.stack.client();
    if (role === 'customer') return signedInCustomer(world.stack, world.email, world.order.orderNumber);
    if (role === 'admin') return signedInAdmin(world.stack);
    if (role === 'auditor') {
      const answer = await client.loginAdmin(AUDITOR.username, AUDITOR.password);
      assert.is(answer.status, 200, 'the auditor signs in at the staff login');
    }
    return client;
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

test('as of every version equals what GET /api/orders/{n} answered at that version', async (world) => {
  const admin = await world.as('admin');
  const placed = await addOrder(admin, { fitterNotes: 'v1 notes' });
  const n = placed.orderNumber;
  const seen = new Map<number, OrderView>();
  const record = async () => {
    await world.stack.settle();
    const answer = await admin.get<OrderView>(`/api/orders/${n}`);
    seen.set(answer.body.version, answer.body);
  };
  await record();
  const item = placed.items[0]?.id as string;
  const steps: [string, unknown][] = [
    [`/api/admin/orders/${n}/status`, { status: 'order_placed_with_manufacturer', fitterNotes: 'v2 notes' }],
    [`/api/admin/orders/${n}/items/${item}`, { status: 'order_arrived_awaiting_qc', estimatedDelivery: '2026-12-01' }],
    [`/api/admin/orders/${n}/status`, { status: 'order_placed_with_manufacturer', customerName: 'Jane Renamed' }],
    [`/api/admin/orders/${n}/items/${item}`, { manufacturer: 'Ping' }],
    [`/api/admin/orders/${n}/status`, { status: 'order_arrived_awaiting_qc', trackingNumber: 'TRK-1', notes: 'hi' }],
  ];
  for (const [path, body] of steps) {
    const answer = await admin.patch(path, body);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    await record();
  }
  assert.ok(seen.size >= steps.length, `recorded ${seen.size} versions`);
  const events = await admin.get<{ version: number; stream: string; recordedAt: string }[]>(
    `/api/audit/orders/${n}/events`,
  );
  for (const [version, shown] of seen) {
    const asOf = await admin.get<OrderView>(`/api/audit/orders/${n}?version=${version}`);
    assert.is(asOf.status, 200);
    assert.equal(asOf.body, shown, `version ${version}`);
    const event = events.body.find((e) => e.stream === `order-${n}` && e.version === version);
    const atTime = await admin.get<OrderView>(`/api/audit/orders/${n}?at=${event?.recordedAt}`);
    assert.equal(atTime.body, shown, `at the time of version ${version}`);
  }
  const last = Math.max(...events.body.filter((e) => e.stream === `order-${n}`).map((e) => e.version));
  assert.is((await admin.get(`/api/audit/orders/${n}?version=${last + 1}`)).status, 404);
  assert.is((await admin.get(`/api/audit/orders/${n}?at=2000-01-01T00:00:00Z`)).status, 404);
  assert.is((await admin.get(`/api/audit/orders/${n}?version=abc`)).status, 400);
  assert.is((await admin.get(`/api/audit/orders/${n}?at=yesterday`)).status, 400);
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

test('the CSV export escapes formulas and carries the chain hash on every row', async (world) => {
  const admin = await world.as('admin');
  const order = await addOrder(admin, { customerName: '=HYPERLINK("http://x")', fitterNotes: '@SUM(A1)' });
  const csv = await admin.get<string>(`/api/audit/export?format=csv&orderNumber=${order.orderNumber}`);
  assert.is(csv.status, 200);
  assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
  const lines = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  assert.match(lines[0] ?? '', /^position,stream,version,type,/);
  assert.is(lines.length, 2);
  assert.match(lines[1] ?? '', /,[0-9a-f]{64}$/);
  assert.not.match(csv.body, /,=|,@|,\+|,-/);
  const ndjson = await admin.raw(`/api/audit/export?format=ndjson&orderNumber=${order.orderNumber}`);
  assert.match(ndjson.headers.get('content-type') ?? '', /application\/x-ndjson/);
  const rows = (await ndjson.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.is(rows.length, 1);
  assert.is(rows[0].data.customerName, '=HYPERLINK("http://x")');
  assert.is((await admin.get('/api/audit/export?format=xml')).status, 400);
  assert.is((await admin.get('/api/audit/export?format=csv&from=someday')).status, 400);
});

test('GET /api/audit/verify answers the latest result of each check with its time', async (world) => {
  await world.stack.db.pool.query(
    `insert into audit.verifications (kind, ok, details) values ('events', false, '{}'), ('events', true, '{"streams": 3}'), ('read-models', true, '{}')`,
  );
  const auditor = await world.as('auditor');
  const answer = await auditor.get<{ ok: boolean; checkedAt: string; checks: { kind: string; ok: boolean }[] }>(
    '/api/audit/verify',
  );
  assert.is(answer.body.ok, true);
  assert.type(answer.body.checkedAt, 'string');
  assert.equal(answer.body.checks.map((check) => [check.kind, check.ok]).sort(), [
    ['events', true],
    ['read-models', true],
  ]);
});

test.run();
