import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { createUserRepository } from '@ot/infra/auth/users.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, countEvents, signedInAdmin, signedInCustomer } from '../support/scenario.ts';
import { ADMIN, type Client, orderPayload, type Stack, startStack, uniqueEmail } from '../support/stack.ts';

/**
 * Roles on the server: anonymous gets 401 on everything but login; a customer gets 403 on
 * every admin endpoint and 404 (never 403) on another customer's order; fitterNotes never reaches a
 * non-admin. An auditor reads every order, the email log and the audit paths, and gets 403
 * on every write.
 */
type Role = 'anonymous' | 'customer A' | 'customer B' | 'auditor' | 'admin';
const roles: Role[] = ['anonymous', 'customer A', 'customer B', 'auditor', 'admin'];
const AUDITOR = { username: 'permissions.auditor', password: 'reads every order, writes none' };

interface World {
  stack: Stack;
  orderA: OrderView;
  orderB: OrderView;
  emailA: string;
  emailB: string;
  /** A fresh client for the role (a new session each time, so logout rows do not disturb others). */
  as(role: Role): Promise<Client>;
}

const test = suite<World>('permissions: every endpoint for every role', {} as World);

test.before(async (context) => {
  context.stack = await startStack();
  await createUserRepository(context.stack.db.pool).upsertAdmin(
    AUDITOR.username,
    AUDITOR.password,
    undefined,
    'auditor',
  );
  const admin = await signedInAdmin(context.stack);
  context.emailA = uniqueEmail('alice');
  context.emailB = uniqueEmail('bob');
  context.orderA = await addOrder(admin, { customerEmail: context.emailA, fitterNotes: 'A: secret fitting notes' });
  context.orderB = await addOrder(admin, { customerEmail: context.emailB, fitterNotes: 'B: secret fitting notes' });
  await admin.patch(`/api/admin/orders/${context.orderA.orderNumber}/status`, {
    status: 'order_being_processed',
    fitterNotes: 'A: changed fitter notes',
  });
  context.as = async (role) => {
    switch (role) {
      case 'anonymous':
        return context.stack.client();
      case 'customer A':
        return signedInCustomer(context.stack, context.emailA, context.orderA.orderNumber);
      case 'customer B':
        return signedInCustomer(context.stack, context.emailB, context.orderB.orderNumber);
      case 'auditor': {
        const auditor = context.stack.client();
        const answer = await auditor.loginAdmin(AUDITOR.username, AUDITOR.password);
        if (answer.status !== 200) throw new Error(`auditor login failed: ${answer.status}`);
        return auditor;
      }
      case 'admin':
        return signedInAdmin(context.stack);
    }
  };
});
test.after(async ({ stack }) => {
  await stack.stop();
});

interface Call {
  method: 'GET' | 'POST' | 'PATCH';
  path: (world: World) => string;
  body?: (world: World) => unknown;
  label: string;
  expected: Record<Role, number>;
}

const A = (world: World) => world.orderA.orderNumber;
const itemOfA = (world: World) => world.orderA.items[0]?.id ?? '';
const readerOfA = { anonymous: 401, 'customer A': 200, 'customer B': 404, auditor: 200, admin: 200 };
const signedIn = { anonymous: 401, 'customer A': 200, 'customer B': 200, auditor: 200, admin: 200 };
/** Staff reads: admins and auditors. */
const staff = { anonymous: 401, 'customer A': 403, 'customer B': 403, auditor: 200, admin: 200 };
/** Writes (and the one read that only serves a write, the next order number): the admin's alone. */
const adminOnly = (status: number) => ({
  anonymous: 401,
  'customer A': 403,
  'customer B': 403,
  auditor: 403,
  admin: status,
});
const unknownEmail = '00000000-0000-4000-8000-000000000000';

const calls: Call[] = [
  { method: 'GET', label: '/api/auth/me', path: () => '/api/auth/me', expected: signedIn },
  { method: 'GET', label: '/api/customer/orders', path: () => '/api/customer/orders', expected: signedIn },
  { method: 'GET', label: "/api/orders/{A's order}", path: (w) => `/api/orders/${A(w)}`, expected: readerOfA },
  {
    method: 'GET',
    label: "/api/orders/{A's order}/items",
    path: (w) => `/api/orders/${A(w)}/items`,
    expected: readerOfA,
  },
  {
    method: 'GET',
    label: "/api/orders/{A's order}/timeline",
    path: (w) => `/api/orders/${A(w)}/timeline`,
    expected: readerOfA,
  },
  { method: 'GET', label: '/api/admin/orders', path: () => '/api/admin/orders', expected: staff },
  {
    method: 'GET',
    label: '/api/admin/orders?tab=active',
    path: () => '/api/admin/orders?tab=active',
    expected: staff,
  },
  { method: 'GET', label: '/api/admin/email-events', path: () => '/api/admin/email-events', expected: staff },
  { method: 'GET', label: '/api/admin/email-stats', path: () => '/api/admin/email-stats?days=30', expected: staff },
  { method: 'GET', label: '/api/admin/retry-queue', path: () => '/api/admin/retry-queue', expected: staff },
  { method: 'GET', label: '/api/admin/dev-mailbox', path: () => '/api/admin/dev-mailbox', expected: staff },
  {
    method: 'GET',
    label: '/api/admin/customers/export',
    path: () => '/api/admin/customers/export',
    expected: staff,
  },
  {
    method: 'GET',
    label: "/api/audit/orders/{A's order}/events",
    path: (w) => `/api/audit/orders/${A(w)}/events`,
    expected: staff,
  },
  {
    method: 'GET',
    label: "/api/audit/orders/{A's order}?version=1",
    path: (w) => `/api/audit/orders/${A(w)}?version=1`,
    expected: staff,
  },
  {
    method: 'GET',
    label: "/api/audit/orders/{A's order}?at=now",
    path: (w) => `/api/audit/orders/${A(w)}?at=${encodeURIComponent(new Date().toISOString())}`,
    expected: staff,
  },
  {
    method: 'GET',
    label: '/api/audit/orders/{unknown}/events',
    path: () => '/api/audit/orders/EP-9999/events',
    expected: { ...staff, auditor: 404, admin: 404 },
  },
  {
    method: 'GET',
    label: '/api/audit/export?format=csv',
    path: () => '/api/audit/export?format=csv',
    expected: staff,
  },
  {
    method: 'GET',
    label: "/api/audit/export?format=ndjson&orderNumber={A's order}",
    path: (w) => `/api/audit/export?format=ndjson&orderNumber=${A(w)}`,
    expected: staff,
  },
  { method: 'GET', label: '/api/audit/verify', path: () => '/api/audit/verify', expected: staff },
  {
    method: 'GET',
    label: '/api/admin/next-order-number',
    path: () => '/api/admin/next-order-number',
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    label: '/api/admin/customers?q=',
    path: () => '/api/admin/customers?q=al',
    expected: staff,
  },
  {
    method: 'POST',
    label: '/api/admin/orders',
    path: () => '/api/admin/orders',
    body: () => orderPayload(),
    expected: adminOnly(201),
  },
  {
    method: 'POST',
    label: '/api/admin/orders with an invalid body (auth is checked first)',
    path: () => '/api/admin/orders',
    body: () => ({ customerEmail: 'nope' }),
    expected: adminOnly(400),
  },
  {
    method: 'PATCH',
    label: "/api/admin/orders/{A's order}/status",
    path: (w) => `/api/admin/orders/${A(w)}/status`,
    body: () => ({ status: 'order_being_processed' }),
    expected: adminOnly(200),
  },
  {
    method: 'PATCH',
    label: "/api/admin/orders/{A's order}/items/{item}",
    path: (w) => `/api/admin/orders/${A(w)}/items/${itemOfA(w)}`,
    body: () => ({ status: 'order_being_processed' }),
    expected: adminOnly(200),
  },
  {
    method: 'PATCH',
    label: '/api/admin/orders/{unknown}/status',
    path: () => '/api/admin/orders/EP-9999/status',
    body: () => ({ status: 'order_being_processed' }),
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    label: '/api/admin/import (an empty list)',
    path: () => '/api/admin/import',
    body: () => [],
    expected: adminOnly(400),
  },
  {
    method: 'POST',
    label: '/api/admin/import-customers (an empty list)',
    path: () => '/api/admin/import-customers',
    body: () => [],
    expected: adminOnly(400),
  },
  {
    method: 'POST',
    label: '/api/admin/import-customers-from-drive (not a Drive link)',
    path: () => '/api/admin/import-customers-from-drive',
    body: () => ({ googleDriveUrl: 'not a link' }),
    expected: adminOnly(400),
  },
  {
    method: 'POST',
    label: '/api/admin/upload-document (no file)',
    path: () => '/api/admin/upload-document',
    body: () => new FormData(),
    expected: adminOnly(400),
  },
  {
    method: 'POST',
    label: '/api/admin/test-email',
    path: () => '/api/admin/test-email',
    body: () => ({ email: 'studio.test@example.com' }),
    expected: adminOnly(202),
  },
  {
    method: 'POST',
    label: '/api/admin/retry-email/{unknown}',
    path: () => `/api/admin/retry-email/${unknownEmail}`,
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    label: '/api/admin/email-events/{unknown}/resend',
    path: () => `/api/admin/email-events/${unknownEmail}/resend`,
    expected: adminOnly(404),
  },
  { method: 'POST', label: '/api/auth/logout', path: () => '/api/auth/logout', expected: signedIn },
  {
    method: 'POST',
    label: '/api/auth/customer/login',
    path: () => '/api/auth/customer/login',
    body: (w) => ({ email: w.emailA, orderNumber: A(w) }),
    expected: { anonymous: 200, 'customer A': 200, 'customer B': 200, auditor: 200, admin: 200 },
  },
  {
    method: 'POST',
    label: '/api/auth/admin/login',
    path: () => '/api/auth/admin/login',
    body: () => ADMIN,
    expected: { anonymous: 200, 'customer A': 200, 'customer B': 200, auditor: 200, admin: 200 },
  },
];

for (const call of calls) {
  const summary = roles.map((role) => `${role} ${call.expected[role]}`).join(', ');
  test(`${call.method} ${call.label}: ${summary}`, async (world) => {
    for (const role of roles) {
      const client = await world.as(role);
      const answer = await client.request<{ message?: string }>(call.method, call.path(world), call.body?.(world));
      assert.is(answer.status, call.expected[role], `${role}: ${JSON.stringify(answer.body)}`);
      if (answer.status >= 400) assert.type(answer.body.message, 'string', `${role} gets a message`);
    }
  });
}

test("another customer's order is indistinguishable from one that does not exist", async (world) => {
  const customerB = await world.as('customer B');
  const other = await customerB.get<{ message: string }>(`/api/orders/${A(world)}`);
  const missing = await customerB.get<{ message: string }>('/api/orders/EP-9999');
  assert.equal([other.status, other.body.message], [missing.status, missing.body.message]);
});

test("a customer's list holds none of another customer's orders", async (world) => {
  const customerB = await world.as('customer B');
  const list = await customerB.get<OrderView[]>('/api/customer/orders');
  assert.equal(
    list.body.map((order) => order.orderNumber),
    [world.orderB.orderNumber],
  );
});

test('fitterNotes never appears in any answer to a customer', async (world) => {
  const customerA = await world.as('customer A');
  for (const path of [
    '/api/customer/orders',
    `/api/orders/${A(world)}`,
    `/api/orders/${A(world)}/items`,
    `/api/orders/${A(world)}/timeline`,
  ]) {
    const answer = await customerA.get(path);
    assert.is(answer.status, 200, path);
    assert.not.match(JSON.stringify(answer.body), /fitterNotes|secret fitting notes|fitter notes/i, path);
  }
  const admin = await world.as('admin');
  const adminView = await admin.get<OrderView>(`/api/orders/${A(world)}`);
  assert.is(adminView.body.fitterNotes, 'A: changed fitter notes');
});

test('a fitter-note edit leaves every answer to the customer as it was, version and ETag included', async (world) => {
  const customerA = await world.as('customer A');
  const paths = [
    '/api/customer/orders',
    `/api/orders/${A(world)}`,
    `/api/orders/${A(world)}/items`,
    `/api/orders/${A(world)}/timeline`,
  ];
  const read = async (client: Client) =>
    Promise.all(
      paths.map(async (path) => {
        const answer = await client.get(path);
        return { path, body: answer.body, etag: answer.headers.get('etag') };
      }),
    );
  const before = await read(customerA);
  const admin = await world.as('admin');
  const edit = await admin.patch<OrderView>(`/api/admin/orders/${A(world)}/status`, {
    status: 'order_being_processed',
    fitterNotes: 'A: notes changed once more',
  });
  assert.is(edit.status, 200);
  // The customer reads at the admin's write, so the projector has applied it.
  const after = await customerA.get(`/api/orders/${A(world)}`, {
    'x-min-position': edit.headers.get('x-event-position') ?? '0',
  });
  assert.is(after.status, 200);
  assert.equal(await read(customerA), before);
  const timeline = before.find((answer) => answer.path.endsWith('/timeline'))?.body as { version: number }[];
  assert.equal(
    timeline.map((row) => row.version),
    timeline.map((_, index) => index + 1),
    'no gap where a hidden change was',
  );
  const order = before.find((answer) => answer.path === `/api/orders/${A(world)}`)?.body as OrderView;
  assert.is(order.version, timeline.length, "the customer's version counts the changes they can see");
  assert.ok(edit.body.version > order.version, 'the admin still works with the stream version');
});

test('a refused write writes nothing', async (world) => {
  const before = await countEvents(world.stack);
  for (const role of ['anonymous', 'customer A', 'auditor'] as const) {
    const client = await world.as(role);
    await client.post('/api/admin/orders', orderPayload());
    await client.patch(`/api/admin/orders/${A(world)}/status`, { status: 'order_shipped' });
    await client.patch(`/api/admin/orders/${A(world)}/items/${itemOfA(world)}`, { status: 'order_collected_shipped' });
    await client.post('/api/admin/test-email', { email: 'studio.test@example.com' });
    await client.post('/api/admin/import', [orderPayload({ orderNumber: 'EP-7777' })]);
  }
  assert.is(await countEvents(world.stack), before);
});

test.run();
