import { randomInt } from 'node:crypto';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { ADMIN, Client, type Stack, startStack, uniqueEmail } from '../support/stack.ts';

const ADMIN_FAILED = 'Invalid username or password. Please try again.';
const CUSTOMER_FAILED = 'Invalid email or order number. Please try again.';

const test = suite<{ stack: Stack; order: OrderView; email: string }>('sign-in, sessions and login rate limits', {
  stack: undefined as never,
  order: undefined as never,
  email: '',
});
test.before(async (context) => {
  context.stack = await startStack({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_CLIENT: '6' });
  context.email = uniqueEmail('Jane.Golfer');
  context.order = await addOrder(await signedInAdmin(context.stack), { customerEmail: context.email });
});
test.after(async ({ stack }) => {
  await stack.stop();
});

/** A client talking to the command service as the gateway would for a given client address and scheme. */
const behindGateway = (stack: Stack, ip: string, proto = 'http') => {
  const client = new Client(stack.commandUrl);
  const headers = { 'x-forwarded-for': ip, 'x-forwarded-proto': proto };
  return {
    client,
    loginAdmin: (username: string, password: string) =>
      client.post('/api/auth/admin/login', { username, password }, headers),
    loginCustomer: (email: string, orderNumber: string) =>
      client.post('/api/auth/customer/login', { email, orderNumber }, headers),
  };
};
const someIp = () => `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;

/** Hours from now until the cookie's `expires` (the cookie library writes expires, not Max-Age). */
function cookieHoursLeft(cookie: string): number {
  const expires = /expires=([^;]+)/i.exec(cookie)?.[1];
  return expires ? (Date.parse(expires) - Date.now()) / 3_600_000 : Number.NaN;
}
const closeTo = (actual: number, expected: number) => Math.abs(actual - expected) < 0.1;

const sessionCookie = (headers: Headers) =>
  headers.getSetCookie().find((line) => /^(__Host-)?ot_session=/.test(line)) ?? '';

async function sessionCount(stack: Stack, username: string): Promise<number> {
  const { rows } = await stack.db.pool.query<{ n: string }>(
    'select count(*) as n from auth.sessions s join auth.users u on u.id = s.user_id where u.username = $1',
    [username],
  );
  return Number(rows[0]?.n);
}

test('admin passwords are stored as argon2id hashes', async ({ stack }) => {
  const { rows } = await stack.db.pool.query<{ password_hash: string }>(
    'select password_hash from auth.users where username = $1',
    [ADMIN.username],
  );
  assert.match(rows[0]?.password_hash ?? '', /^\$argon2id\$/);
});

test('admin login answers the user and sets an HttpOnly, SameSite=Lax cookie lasting the 30-minute idle timeout', async ({
  stack,
}) => {
  const answer = await stack.client().loginAdmin();
  assert.is(answer.status, 200);
  assert.equal((answer.body as { user: { username: string; isAdmin: boolean } }).user.isAdmin, true);
  const cookie = sessionCookie(answer.headers).toLowerCase();
  assert.match(cookie, /httponly/);
  assert.match(cookie, /samesite=lax/);
  assert.ok(closeTo(cookieHoursLeft(cookie), 0.5), cookie);
  assert.not.match(cookie, /secure/, 'not over plain http');
});

test('the session cookie is Secure when the gateway says the client came over TLS', async ({ stack }) => {
  const answer = await behindGateway(stack, someIp(), 'https').loginAdmin(ADMIN.username, ADMIN.password);
  assert.is(answer.status, 200);
  assert.match(sessionCookie(answer.headers).toLowerCase(), /;\s*secure/);
});

test('a customer session cookie lasts the 7-day idle timeout', async ({ stack, email, order }) => {
  const answer = await stack.client().loginCustomer(email, order.orderNumber);
  assert.ok(closeTo(cookieHoursLeft(sessionCookie(answer.headers)), 7 * 24));
});

test('wrong admin username and wrong password get the same message', async ({ stack }) => {
  const ip = someIp();
  const wrongPassword = await behindGateway(stack, ip).loginAdmin(ADMIN.username, 'nope');
  const wrongUser = await behindGateway(stack, ip).loginAdmin('nobody', ADMIN.password);
  assert.equal([wrongPassword.status, (wrongPassword.body as { message: string }).message], [401, ADMIN_FAILED]);
  assert.equal([wrongUser.status, (wrongUser.body as { message: string }).message], [401, ADMIN_FAILED]);
  await stack.db.pool.query("delete from auth.login_failures where key like 'account:admin'");
});

test('customer login ignores the case of the email and of the order number', async ({ stack, email, order }) => {
  const upper = await stack.client().loginCustomer(email.toUpperCase(), order.orderNumber.toLowerCase());
  assert.is(upper.status, 200);
  const user = (upper.body as { user: { email: string; isAdmin: boolean } }).user;
  assert.is(user.email, email.toLowerCase());
  assert.is(user.isAdmin, false);
});

test('customer login ignores spaces around the email and the order number', async ({ stack, email, order }) => {
  const answer = await stack
    .client()
    .loginCustomer(`  ${email.toUpperCase()} `, ` ${order.orderNumber.toLowerCase()}  `);
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  assert.is((answer.body as { user: { email: string } }).user.email, email.toLowerCase());
});

test('wrong email and wrong order number get the same answer', async ({ stack, email, order }) => {
  const ip = someIp();
  const wrongEmail = await behindGateway(stack, ip).loginCustomer(uniqueEmail(), order.orderNumber);
  const wrongNumber = await behindGateway(stack, ip).loginCustomer(email, 'EP-9999');
  assert.equal(wrongEmail.status, 401);
  assert.equal(wrongEmail.body, wrongNumber.body);
  assert.is((wrongEmail.body as { message: string }).message, CUSTOMER_FAILED);
  await stack.db.pool.query('delete from auth.login_failures');
});

test('the session id changes at every login and the old one stops working', async ({ stack }) => {
  const client = stack.client();
  const first = sessionCookie((await client.loginAdmin()).headers).split(';')[0];
  const second = sessionCookie((await client.loginAdmin()).headers).split(';')[0];
  assert.ok(first && second && first !== second);
  const withOld = await fetch(`${stack.baseUrl}/api/auth/me`, { headers: { cookie: first ?? '' } });
  assert.is(withOld.status, 401);
  assert.is((await client.get('/api/auth/me')).status, 200);
});

test('logout deletes the session row and the cookie no longer signs anyone in', async ({ stack, email, order }) => {
  const client = stack.client();
  const login = await client.loginCustomer(email, order.orderNumber);
  const cookie = sessionCookie(login.headers).split(';')[0] ?? '';
  const username = (login.body as { user: { username: string } }).user.username;
  const before = await sessionCount(stack, username);
  const logout = await client.post('/api/auth/logout');
  assert.is(logout.status, 200);
  assert.is(await sessionCount(stack, username), before - 1);
  assert.match(sessionCookie(logout.headers), /^ot_session=;/);
  const replay = await fetch(`${stack.baseUrl}/api/customer/orders`, { headers: { cookie } });
  assert.is(replay.status, 401);
});

test('failed admin logins are limited per account: 429 with a clear message, even for the right password', async ({
  stack,
}) => {
  const username = `admin-${randomInt(1e6)}`;
  await stack.db.pool.query(
    "insert into auth.users (username, password_hash, is_admin) select $1, password_hash, true from auth.users where username = 'admin'",
    [username],
  );
  for (let attempt = 0; attempt < 3; attempt++) {
    assert.is((await behindGateway(stack, someIp()).loginAdmin(username, 'wrong')).status, 401);
  }
  const locked = await behindGateway(stack, someIp()).loginAdmin(username, ADMIN.password);
  assert.is(locked.status, 429);
  assert.match((locked.body as { message: string }).message, /Too many failed login attempts/);
  assert.ok(Number(locked.headers.get('retry-after')) > 0);
  const otherAccount = await behindGateway(stack, someIp()).loginAdmin(ADMIN.username, ADMIN.password);
  assert.is(otherAccount.status, 200, 'another account is not locked');
});

test('failed customer logins are limited per email, whatever its case', async ({ stack }) => {
  const email = uniqueEmail('guesser');
  for (let attempt = 0; attempt < 3; attempt++) {
    await behindGateway(stack, someIp()).loginCustomer(attempt % 2 ? email.toUpperCase() : email, `EP-${attempt}`);
  }
  const locked = await behindGateway(stack, someIp()).loginCustomer(email, 'EP-0001');
  assert.is(locked.status, 429);
});

test('failed logins are limited per client address across accounts', async ({ stack, email, order }) => {
  const ip = someIp();
  for (let attempt = 0; attempt < 6; attempt++) {
    assert.is((await behindGateway(stack, ip).loginCustomer(uniqueEmail(), 'EP-0001')).status, 401);
  }
  const locked = await behindGateway(stack, ip).loginCustomer(email, order.orderNumber);
  assert.is(locked.status, 429);
  const elsewhere = await behindGateway(stack, someIp()).loginCustomer(email, order.orderNumber);
  assert.is(elsewhere.status, 200);
});

test('a successful login clears the account failures', async ({ stack }) => {
  const ip = someIp();
  await behindGateway(stack, ip).loginAdmin(ADMIN.username, 'wrong');
  await behindGateway(stack, ip).loginAdmin(ADMIN.username, 'wrong');
  assert.is((await behindGateway(stack, ip).loginAdmin(ADMIN.username, ADMIN.password)).status, 200);
  await behindGateway(stack, someIp()).loginAdmin(ADMIN.username, 'wrong');
  await behindGateway(stack, someIp()).loginAdmin(ADMIN.username, 'wrong');
  assert.is((await behindGateway(stack, someIp()).loginAdmin(ADMIN.username, ADMIN.password)).status, 200);
});

async function idleFor(stack: Stack, client: Client, interval: string) {
  const { rows } = await stack.db.pool.query<{ n: string }>(
    `update auth.sessions set last_seen_at = now() - $1::interval
      where user_id = (select id from auth.users where username = $2) returning 1 as n`,
    [interval, (await client.get<{ user: { username: string } }>('/api/auth/me')).body.user.username],
  );
  assert.ok(rows.length > 0);
}

test('an admin session ends after 30 minutes idle, not before', async ({ stack }) => {
  await stack.db.pool.query(
    "delete from auth.sessions where user_id = (select id from auth.users where username = 'admin')",
  );
  const admin = await signedInAdmin(stack);
  await idleFor(stack, admin, '29 minutes');
  assert.is((await admin.get('/api/admin/orders')).status, 200);
  await idleFor(stack, admin, '31 minutes');
  assert.is((await admin.get('/api/admin/orders')).status, 401);
  assert.is(await sessionCount(stack, 'admin'), 0, 'the expired row is deleted');
});

test('a customer session ends after 7 days idle, not before', async ({ stack, email, order }) => {
  const customer = stack.client();
  await customer.loginCustomer(email, order.orderNumber);
  await idleFor(stack, customer, '6 days 23 hours');
  assert.is((await customer.get('/api/customer/orders')).status, 200);
  await idleFor(stack, customer, '7 days 1 minute');
  assert.is((await customer.get('/api/customer/orders')).status, 401);
});

test('activity slides the cookie lifetime along with the idle timeout', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  await idleFor(stack, admin, '20 minutes');
  const answer = await admin.get('/api/admin/orders');
  assert.is(answer.status, 200);
  assert.ok(closeTo(cookieHoursLeft(sessionCookie(answer.headers)), 0.5), 'the cookie again runs 30 minutes from now');
});

test('logging out without a session is a 401', async ({ stack }) => {
  const answer = await stack.client().post<{ message: string }>('/api/auth/logout');
  assert.is(answer.status, 401);
  assert.ok(answer.body.message);
});

test.run();
