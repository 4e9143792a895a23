import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { createUserRepository } from '@ot/infra/auth/users.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startNotifier } from '../support/notifier.ts';
import { addOrder, signedInAdmin, signedInCustomer } from '../support/scenario.ts';
import { type Client, orderPayload, type Stack, startStack, uniqueEmail } from '../support/stack.ts';

/**
 * Issue 13 on the server: who may use the audit paths (anonymous, customer, auditor, admin), an auditor
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
  const users = createUserRepository(world.stack.db.pool);
  await users.upsertAdmin(AUDITOR.username, AUDITOR.password, undefined, 'auditor');
  await users.upsertAdmin(SECOND_ADMIN.username, SECOND_ADMIN.password);
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

async function secondAdmin(world: World): Promise<Client> {
  const client = world.stack.client();
  const answer = await client.loginAdmin(SECOND_ADMIN.username, SECOND_ADMIN.password);
  assert.is(answer.status, 200, 'the second admin signs in');
  return client;
}

test('as of every version equals what GET /api/orders/{n} answered at that version, through a history by two admins', async (world) => {
  const first = await world.as('admin');
  const second = await secondAdmin(world);
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
  const record = async (reader: Client) => {
    await world.stack.settle();
    const answer = await reader.get<OrderView>(`/api/orders/${n}`);
    assert.is(answer.status, 200);
    seen.set(answer.body.version, answer.body);
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
      auditor.get<{ version: number; stream: string; recordedAt: string; actor: { name: string } }[]>(
        `/api/audit/orders/${n}/events`,
      ),
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
    const atTime = await auditor.get<OrderView>(`/api/audit/orders/${n}?at=${event?.recordedAt}`);
    assert.equal(atTime.body, shown, `at the time of version ${version}`);
  }
  const now = await auditor.get<OrderView>(`/api/audit/orders/${n}`);
  assert.equal(now.body, seen.get(Math.max(...seen.keys())), 'without a version: the order as it stands');
  const last = Math.max(...own.map((e) => e.version));
  assert.is((await auditor.get(`/api/audit/orders/${n}?version=${last + 1}`)).status, 404);
  assert.is((await auditor.get(`/api/audit/orders/${n}?version=0`)).status, 400);
  assert.is((await auditor.get(`/api/audit/orders/${n}?at=2000-01-01T00:00:00Z`)).status, 404);
  const beforePlaced = new Date(Date.parse(own[0]?.recordedAt ?? '') - 1).toISOString();
  assert.is((await auditor.get(`/api/audit/orders/${n}?at=${beforePlaced}`)).status, 404, 'a moment before it');
  assert.is((await auditor.get('/api/audit/orders/EP-9999?version=1')).status, 404);
  for (const bad of ['version=abc', 'version=1.5', 'at=yesterday', 'at=2026-13-45']) {
    const answer = await auditor.get<{ message: string }>(`/api/audit/orders/${n}?${bad}`);
    assert.is(answer.status, 400, bad);
    assert.type(answer.body.message, 'string');
  }
});

interface AuditedRecord {
  id: string;
  stream: string;
  version: number;
  position: number;
  type: string;
  occurredAt: string;
  recordedAt: string;
  actor: { kind: string; id: string; name: string };
  commandId: string;
  correlationId: string;
  causationId: string | null;
  data: Record<string, unknown>;
  hash: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

test("every field of an order's events, its emails' requests, outcomes and resends, found from the events alone", async (world) => {
  const first = await world.as('admin');
  const second = await secondAdmin(world);
  const order = await addOrder(first, { fitterNotes: 'staff only' });
  const n = order.orderNumber;
  const itemId = order.items[0]?.id as string;
  const notifier = startNotifier(world.stack.db.pool, world.stack.store);
  try {
    const patched = await second.patch(
      `/api/admin/orders/${n}/items/${itemId}`,
      { status: 'order_placed_with_manufacturer' },
      { 'x-send-email': 'true' },
    );
    assert.is(patched.status, 200);
    const requested = await sent(world, n, 1);
    await world.stack.settle();
    const resend = await second.post<{ notificationId: string }>(`/api/admin/email-events/${requested[0]}/resend`);
    assert.is(resend.status, 202, JSON.stringify(resend.body));
    await sent(world, n, 2, resend.body.notificationId);
  } finally {
    await notifier.stop();
  }
  await world.stack.settle();
  // The email log is a read model: the history must not need it.
  await world.stack.db.pool.query('delete from rm.email_events where order_number = $1', [n]);

  const auditor = await world.as('auditor');
  const answer = await auditor.get<AuditedRecord[]>(`/api/audit/orders/${n}/events`);
  assert.is(answer.status, 200);
  const { rows } = await world.stack.db.pool.query<{
    id: string;
    stream: string;
    version: number;
    position: string;
    type: string;
    data: Record<string, unknown>;
    metadata: Record<string, unknown>;
    recorded_at: Date;
    hash: string;
  }>(
    `select id::text, stream, version, position::text, type, data, metadata, recorded_at, encode(hash, 'hex') as hash
       from es.events
      where stream = $1 or stream in (
        select 'email-' || (data->>'notificationId') from es.events where stream = $1 and type = 'CustomerNotificationRequested')
        or stream in (select stream from es.events where data->>'orderNumber' = $2 and stream like 'email-%')
      order by position`,
    [`order-${n}`, n],
  );
  assert.equal(
    answer.body.map((event) => event.id),
    rows.map((row) => row.id),
    'every event of the order and of its emails, in stream (global) order',
  );
  assert.equal(
    rows.map((row) => `${row.stream.startsWith('email-') ? 'email' : 'order'}:${row.type}`),
    [
      'order:OrderPlaced',
      'order:ItemStatusChanged',
      'order:CustomerNotificationRequested',
      'email:EmailSent',
      'email:CustomerNotificationRequested',
      'email:EmailSent',
    ],
  );
  for (const [index, event] of answer.body.entries()) {
    const row = rows[index];
    assert.ok(row);
    assert.equal(Object.keys(event).sort(), [
      'actor',
      'causationId',
      'changes',
      'commandId',
      'correlationId',
      'data',
      'hash',
      'id',
      'occurredAt',
      'position',
      'recordedAt',
      'stream',
      'type',
      'version',
    ]);
    const metadata = row.metadata as { actor: unknown; occurredAt: string; commandId: string; correlationId: string };
    assert.equal(
      {
        stream: event.stream,
        version: event.version,
        position: event.position,
        type: event.type,
        occurredAt: event.occurredAt,
        recordedAt: event.recordedAt,
        actor: event.actor,
        commandId: event.commandId,
        correlationId: event.correlationId,
        causationId: event.causationId,
        data: event.data,
        hash: event.hash,
      },
      {
        stream: row.stream,
        version: row.version,
        position: Number(row.position),
        type: row.type,
        occurredAt: metadata.occurredAt,
        recordedAt: row.recorded_at.toISOString(),
        actor: metadata.actor,
        commandId: metadata.commandId,
        correlationId: metadata.correlationId,
        causationId: (row.metadata as { causationId?: string | null }).causationId ?? null,
        data: row.data,
        hash: row.hash,
      },
      `${row.stream} v${row.version}`,
    );
  }
  const [placed, moved, request, delivered, resent, resentDelivered] = answer.body as [
    AuditedRecord,
    AuditedRecord,
    AuditedRecord,
    AuditedRecord,
    AuditedRecord,
    AuditedRecord,
  ];
  assert.equal(placed.actor.name, 'admin');
  assert.equal([moved.actor.kind, moved.actor.name], ['admin', SECOND_ADMIN.username]);
  assert.equal(
    placed.changes.find((change) => change.field === 'fitterNotes'),
    { field: 'fitterNotes', before: null, after: 'staff only' },
    'the staff-only fields are in the history',
  );
  assert.equal(moved.changes, [
    { field: `items[${itemId}].status`, before: 'order_being_processed', after: 'order_placed_with_manufacturer' },
  ]);
  const firstId = request.data.notificationId as string;
  const resendId = resent.data.notificationId as string;
  assert.equal(request.changes, [{ field: `emails[${firstId}].status`, before: null, after: 'pending' }]);
  assert.equal(delivered.changes, [{ field: `emails[${firstId}].status`, before: 'pending', after: 'sent' }]);
  assert.is(delivered.stream, `email-${firstId}`);
  assert.equal([resent.stream, resent.data.resendOf, resent.data.orderNumber], [`email-${resendId}`, firstId, n]);
  assert.equal(resent.changes, [{ field: `emails[${resendId}].status`, before: null, after: 'pending' }]);
  assert.equal(resentDelivered.changes, [{ field: `emails[${resendId}].status`, before: 'pending', after: 'sent' }]);
  assert.is(resent.actor.name, SECOND_ADMIN.username);

  // The export of the order holds the same events, each with its chain hash.
  const exported = await auditor.raw(`/api/audit/export?format=ndjson&orderNumber=${n}`);
  const lines = (await exported.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: string; hash: string });
  assert.equal(
    lines.map((line) => [line.id, line.hash]),
    answer.body.map((event) => [event.id, event.hash]),
  );
});

/** The order's emails once the notifier has sent `count` of them (the last, when given, with this id). */
async function sent(world: World, n: string, count: number, last?: string): Promise<string[]> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await world.stack.db.pool.query<{ id: string }>(
      `select substr(stream, 7) as id from es.events
        where type = 'EmailSent' and stream in (
          select 'email-' || (data->>'notificationId') from es.events
           where type = 'CustomerNotificationRequested' and (stream = $1 or data->>'orderNumber' = $2))
        order by position`,
      [`order-${n}`, n],
    );
    if (rows.length >= count && (!last || rows.some((row) => row.id === last))) return rows.map((row) => row.id);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the notifier did not send ${count} emails of ${n}`);
}

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
