import { randomInt } from 'node:crypto';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { ADMIN, type Stack, startStack, uniqueEmail } from '../support/stack.ts';
import { Browser } from './browser.ts';

const LIMIT = 10;

const test = suite<{ stack: Stack; order: OrderView; other: OrderView }>(
  'login throttling that guessing cannot outrun',
  {
    stack: undefined as never,
    order: undefined as never,
    other: undefined as never,
  },
);
test.before(async (context) => {
  context.stack = await startStack({ LOGIN_MAX_FAILURES_PER_ACCOUNT: String(LIMIT) });
  const admin = await signedInAdmin(context.stack);
  context.order = await addOrder(admin, { customerEmail: uniqueEmail('known') });
  context.other = await addOrder(admin, { customerEmail: uniqueEmail('other') });
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const someIp = () => `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
/** Straight to the command service, as the gateway would forward a client at `ip`. */
const from = (ip = someIp()) => ({ 'x-forwarded-for': ip });

test('40 parallel wrong order numbers for one email: at most the limit of them is checked', async ({
  stack,
  order,
}) => {
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      new Browser(stack.baseUrl).postJson('/api/auth/customer/login', {
        email: order.customerEmail,
        orderNumber: `EP-${9000 + i}`,
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.status);
  const checked = statuses.filter((status) => status === 401).length;
  assert.ok(checked <= LIMIT, `${checked} of 40 were checked`);
  assert.is(statuses.filter((status) => status === 429).length, 40 - checked);
  assert.ok(Number(answers.find((answer) => answer.status === 429)?.headers.get('retry-after')) > 0);
});

test('40 parallel wrong admin passwords: at most the limit of them is checked', async ({ stack }) => {
  const username = `admin-${randomInt(1e6)}`;
  await stack.db.pool.query(
    "insert into auth.users (username, password_hash, is_admin) select $1, password_hash, true from auth.users where username = 'admin' and is_admin",
    [username],
  );
  const answers = await Promise.all(
    Array.from({ length: 40 }, () =>
      new Browser(stack.commandUrl).postJson('/api/auth/admin/login', { username, password: 'wrong' }, from()),
    ),
  );
  const checked = answers.filter((answer) => answer.status === 401).length;
  assert.ok(checked <= LIMIT, `${checked} of 40 were checked`);
});

test('a burst of guesses from elsewhere does not lock the customer out of a browser they signed in with', async ({
  stack,
}) => {
  const order = await addOrder(await signedInAdmin(stack), { customerEmail: uniqueEmail('victim') });
  const phone = new Browser(stack.commandUrl);
  const home = from();
  assert.is((await phone.postJson('/api/auth/customer/login', credentials(order), home)).status, 200);
  assert.ok([...phone.cookies.keys()].includes('ot_device'), 'a device cookie is issued at sign-in');
  await phone.postJson('/api/auth/logout', {}, home);

  for (let i = 0; i < 3 * LIMIT; i++) {
    await new Browser(stack.commandUrl).postJson(
      '/api/auth/customer/login',
      { email: order.customerEmail, orderNumber: `EP-${8000 + i}` },
      from(),
    );
  }
  const stranger = await new Browser(stack.commandUrl).postJson('/api/auth/customer/login', credentials(order), home);
  assert.is(stranger.status, 429, 'an unknown browser must wait, even with the right order number');

  const again = await phone.postJson('/api/auth/customer/login', credentials(order), home);
  assert.is(again.status, 200, 'the known browser signs in');
});

test('an admin on a known browser signs in during a password-guessing burst', async ({ stack }) => {
  const laptop = new Browser(stack.commandUrl);
  const office = from();
  assert.is((await laptop.postJson('/api/auth/admin/login', ADMIN, office)).status, 200);
  for (let i = 0; i < 2 * LIMIT; i++) {
    await new Browser(stack.commandUrl).postJson(
      '/api/auth/admin/login',
      { username: ADMIN.username, password: `guess ${i}` },
      from(),
    );
  }
  assert.is((await new Browser(stack.commandUrl).postJson('/api/auth/admin/login', ADMIN, office)).status, 429);
  assert.is((await laptop.postJson('/api/auth/admin/login', ADMIN, office)).status, 200);
});

test('a device cookie issued for one account does not vouch for another', async ({ stack, order, other }) => {
  const browser = new Browser(stack.commandUrl);
  assert.is((await browser.postJson('/api/auth/customer/login', credentials(other), from())).status, 200);
  // `order`'s account was flooded in the first test: a device cookie for another account must not help here.
  const answer = await browser.postJson('/api/auth/customer/login', credentials(order), from());
  assert.is(answer.status, 429);
});

test('past the limit the wait grows with each failure instead of locking for good', async ({ stack }) => {
  const email = uniqueEmail('slow');
  const key = `account:customer:${email}`;
  for (let i = 0; i < LIMIT; i++) {
    await new Browser(stack.commandUrl).postJson(
      '/api/auth/customer/login',
      { email, orderNumber: `EP-${7000 + i}` },
      from(),
    );
  }
  const wait = async () => {
    const { rows } = await stack.db.pool.query<{ seconds: number }>(
      'select extract(epoch from next_allowed_at - clock_timestamp())::float8 as seconds from auth.login_failures where key = $1',
      [key],
    );
    return rows[0]?.seconds ?? 0;
  };
  const first = await wait();
  assert.ok(first > 25 && first <= 30, `first wait ${first}`);
  // When the wait is over, one more attempt is checked, and the next wait is twice as long.
  await stack.db.pool.query('update auth.login_failures set next_allowed_at = clock_timestamp() where key = $1', [key]);
  const tried = await new Browser(stack.commandUrl).postJson(
    '/api/auth/customer/login',
    { email, orderNumber: 'EP-7999' },
    from(),
  );
  assert.is(tried.status, 401);
  const second = await wait();
  assert.ok(second > 55 && second <= 60, `second wait ${second}`);
});

const credentials = (order: OrderView) => ({ email: order.customerEmail, orderNumber: order.orderNumber });

test.run();
