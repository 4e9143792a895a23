import { createSessionStore, DEFAULT_SESSION_LIFETIMES, sessionLifetimesFrom } from '@ot/infra/auth/sessions.ts';
import { createUserRepository } from '@ot/infra/auth/users.ts';
import { loadConfig } from '@ot/infra/config.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { ADMIN, type Stack, startStack, uniqueEmail } from '../support/stack.ts';

const test = suite<{ stack: Stack }>('sessions end when they must', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const NEW_PASSWORD = 'a brand new long password';

test('a password change (npm run admin -- create) ends every old session of that admin', async ({ stack }) => {
  const users = createUserRepository(stack.db.pool);
  await users.upsertAdmin('changer', ADMIN.password);
  const laptop = stack.client();
  const phone = stack.client();
  assert.is((await laptop.loginAdmin('changer', ADMIN.password)).status, 200);
  assert.is((await phone.loginAdmin('changer', ADMIN.password)).status, 200);
  await users.upsertAdmin('changer', NEW_PASSWORD);
  assert.is((await laptop.get('/api/admin/orders')).status, 401);
  assert.is((await phone.get('/api/auth/me')).status, 401);
  assert.is((await stack.client().loginAdmin('changer', NEW_PASSWORD)).status, 200);
});

test('setting the same password again (ADMIN_PASSWORD at every start) signs nobody out', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  await createUserRepository(stack.db.pool).upsertAdmin(ADMIN.username, ADMIN.password);
  assert.is((await admin.get('/api/auth/me')).status, 200);
});

test('a role change ends the sessions of that user', async ({ stack }) => {
  const users = createUserRepository(stack.db.pool);
  await users.upsertAdmin('demoted', ADMIN.password);
  const client = stack.client();
  assert.is((await client.loginAdmin('demoted', ADMIN.password)).status, 200);
  await stack.db.pool.query(`update auth.users set role = 'auditor' where username = 'demoted'`);
  assert.is((await client.get('/api/auth/me')).status, 401);
});

test('an admin session ends 12 hours after sign-in however busy it is (absolute lifetime)', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const { rows } = await stack.db.pool.query<{ hours: number }>(
    `select extract(epoch from s.expires_at - s.created_at)::float8 / 3600 as hours from auth.sessions s
       join auth.users u on u.id = s.user_id where u.username = $1 order by s.created_at desc limit 1`,
    [ADMIN.username],
  );
  assert.ok(Math.abs((rows[0]?.hours ?? 0) - 12) < 0.01);
  // Busy all along (seen a moment ago), but signed in 12 hours ago.
  await stack.db.pool.query(
    `update auth.sessions set created_at = now() - interval '12 hours', expires_at = now() - interval '1 second',
            last_seen_at = now() where user_id = (select id from auth.users where username = $1 and is_admin)`,
    [ADMIN.username],
  );
  assert.is((await admin.get('/api/admin/orders')).status, 401);
});

async function sessionOf(stack: Stack, username: string, isAdmin: boolean) {
  const { rows } = await stack.db.pool.query<{ idle: number; lifetime: number }>(
    `select s.idle_timeout_seconds as idle, extract(epoch from s.expires_at - s.created_at)::float8 as lifetime
       from auth.sessions s join auth.users u on u.id = s.user_id
      where lower(u.username) = lower($1) and u.is_admin = $2 order by s.created_at desc limit 1`,
    [username, isAdmin],
  );
  return rows[0];
}

test('the idle timeout is separate from the lifetime: admins 30 minutes idle within 12 hours, customers 7 days within 30', async ({
  stack,
}) => {
  await signedInAdmin(stack);
  const admin = await sessionOf(stack, ADMIN.username, true);
  assert.is(admin?.idle, 30 * 60);
  assert.ok(Math.abs((admin?.lifetime ?? 0) - 12 * 3600) < 5);
  const order = await addOrder(await signedInAdmin(stack));
  assert.is((await stack.client().loginCustomer(order.customerEmail, order.orderNumber)).status, 200);
  const customer = await sessionOf(stack, order.customerEmail, false);
  assert.is(customer?.idle, 7 * 24 * 3600);
  assert.ok(Math.abs((customer?.lifetime ?? 0) - 30 * 24 * 3600) < 5);
});

test('a busy admin stays signed in past the idle timeout, up to the lifetime', async ({ stack }) => {
  const users = createUserRepository(stack.db.pool);
  await users.upsertAdmin('busy', ADMIN.password);
  const admin = stack.client();
  assert.is((await admin.loginAdmin('busy', ADMIN.password)).status, 200);
  // Signed in 11 hours ago, last seen 20 minutes ago: busy all day, never idle for 30 minutes.
  await stack.db.pool.query(
    `update auth.sessions set created_at = now() - interval '11 hours', expires_at = now() + interval '1 hour',
            last_seen_at = now() - interval '20 minutes' where user_id = (select id from auth.users where username = 'busy')`,
  );
  const answer = await admin.get('/api/auth/me');
  assert.is(answer.status, 200);
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('ot_session=')) ?? '';
  const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)?.[1] ?? '');
  assert.ok(Math.abs(expires - Date.now() - 30 * 60_000) < 60_000, `the cookie slides 30 minutes: ${cookie}`);
  // The last half hour of the lifetime: the cookie runs only until the session ends.
  await stack.db.pool.query(
    `update auth.sessions set expires_at = now() + interval '10 minutes', last_seen_at = now() - interval '20 minutes'
      where user_id = (select id from auth.users where username = 'busy')`,
  );
  const late = await admin.get('/api/auth/me');
  const lateCookie = late.headers.getSetCookie().find((line) => line.startsWith('ot_session=')) ?? '';
  const lateExpires = Date.parse(/expires=([^;]+)/i.exec(lateCookie)?.[1] ?? '');
  assert.ok(
    Math.abs(lateExpires - Date.now() - 10 * 60_000) < 60_000,
    `the cookie ends with the session: ${lateCookie}`,
  );
});

test('the timeouts come from ADMIN_SESSION_* and CUSTOMER_SESSION_* and are kept per session', async ({ stack }) => {
  const lifetimes = sessionLifetimesFrom(
    loadConfig({ ADMIN_SESSION_IDLE_SECONDS: '120', ADMIN_SESSION_LIFETIME_SECONDS: '600' }),
  );
  assert.equal(lifetimes, { ...DEFAULT_SESSION_LIFETIMES, staff: { idle: 120, lifetime: 600 } });
  assert.throws(() => loadConfig({ CUSTOMER_SESSION_IDLE_SECONDS: '5' }), /CUSTOMER_SESSION_IDLE_SECONDS/);
  const users = createUserRepository(stack.db.pool);
  await users.upsertAdmin('short-lived', ADMIN.password);
  const short = await users.findAdmin('short-lived');
  const created = await createSessionStore(stack.db.pool, 'test-secret', lifetimes).create(short?.id ?? '', true);
  assert.is(created.maxAgeSeconds, 120);
  const row = await sessionOf(stack, 'short-lived', true);
  assert.is(row?.idle, 120);
  assert.ok(Math.abs((row?.lifetime ?? 0) - 600) < 5);
});

test('a customer session lasts at most 30 days from sign-in', async ({ stack }) => {
  const order = await addOrder(await signedInAdmin(stack));
  const customer = stack.client();
  assert.is((await customer.loginCustomer(order.customerEmail, order.orderNumber)).status, 200);
  const { rows } = await stack.db.pool.query<{ days: number }>(
    `select extract(epoch from s.expires_at - s.created_at)::float8 / 86400 as days from auth.sessions s
       join auth.users u on u.id = s.user_id where lower(u.email) = lower($1) and not u.is_admin`,
    [order.customerEmail],
  );
  assert.ok(Math.abs((rows[0]?.days ?? 0) - 30) < 0.01);
});

test('admins and customers are separate name spaces: a customer whose email is an admin name is not that admin', async ({
  stack,
}) => {
  const email = uniqueEmail('namesake');
  await createUserRepository(stack.db.pool).upsertAdmin(email, ADMIN.password);
  const order = await addOrder(await signedInAdmin(stack), { customerEmail: email });
  const customer = stack.client();
  const login = await customer.loginCustomer(email, order.orderNumber);
  assert.is(login.status, 200);
  assert.is((login.body as { user: { isAdmin: boolean } }).user.isAdmin, false);
  assert.is((await customer.get('/api/admin/orders')).status, 403);
  assert.is((await stack.client().loginAdmin(email, ADMIN.password)).status, 200, 'the admin still signs in');
});

test('admin passwords shorter than 12 characters are refused', async ({ stack }) => {
  try {
    await createUserRepository(stack.db.pool).upsertAdmin('shorty', 'short pass');
    assert.unreachable('a 10-character password was accepted');
  } catch (error) {
    assert.match((error as Error).message, /at least 12 characters/);
  }
});

test.run();
