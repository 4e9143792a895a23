import type { LoginCodeRequired } from '@ot/contracts/auth/auth-schemas.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { createLoginCodes, LOGIN_CODE_MAX_ATTEMPTS } from '@ot/infra/auth/login-codes.ts';
import { loadConfig } from '@ot/infra/config.ts';
import { readDevMailbox } from '@ot/infra/email/dev-mailbox-transport.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../support/email-fixtures.ts';
import { startNotifier } from '../support/notifier.ts';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { type Client, type Stack, startStack, uniqueEmail } from '../support/stack.ts';

interface Context {
  stack: Stack;
  admin: Client;
  stopNotifier: () => Promise<void>;
}

const test = suite<Context>('CUSTOMER_LOGIN_CODE=1: an emailed code for a new device', {} as Context);
test.before(async (context) => {
  context.stack = await startStack({ CUSTOMER_LOGIN_CODE: '1' });
  context.stopNotifier = startNotifier(context.stack.db.pool, context.stack.store).stop;
  context.admin = await signedInAdmin(context.stack);
});
test.after(async ({ stack, stopNotifier }) => {
  await stopNotifier();
  await stack.stop();
});

const newOrder = async (admin: Client, name: string): Promise<OrderView> =>
  addOrder(admin, { customerEmail: uniqueEmail(name) });

/** Email + order number from a browser with no device cookie: the code step's challenge. */
async function askForCode(stack: Stack, order: OrderView, client = stack.client()) {
  const answer = await client.loginCustomer(order.customerEmail, order.orderNumber);
  assert.is(answer.status, 202, JSON.stringify(answer.body));
  return { client, challenge: answer.body as LoginCodeRequired, answer };
}

/** The code the notifier sent to `email` (the dev mailbox). */
async function emailedCode(stack: Stack, email: string, notSeen: string[] = []): Promise<string> {
  const message = await eventually(
    async () =>
      (await readDevMailbox(stack.db.pool, { limit: 50 })).find(
        (m) => m.to === email && m.subject.startsWith('Your sign-in code') && !notSeen.includes(m.text),
      ),
    (found) => found !== undefined,
  );
  const code = /is (\d{6})\./.exec(message?.text ?? '')?.[1];
  assert.ok(code, message?.text);
  return code;
}

const sendCode = (client: Client, challengeId: string, code: string) =>
  client.post<{ message: string; code?: string; attemptsLeft?: number; user?: { email: string } }>(
    '/api/auth/customer/login/code',
    { challengeId, code },
  );

const deviceCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((line) => line.startsWith('ot_device='))
    ?.split(';')[0] ?? '';

test('off by default: the plain sign-in answers 200 with the session at once', () => {
  assert.is(loadConfig({}).CUSTOMER_LOGIN_CODE, false);
});

test('a new device gets 202 and an email with a code, not a session; the code signs in and remembers the device', async ({
  stack,
  admin,
}) => {
  const order = await newOrder(admin, 'new-device');
  const { client, challenge, answer } = await askForCode(stack, order);
  assert.is(challenge.codeRequired, true);
  assert.is(challenge.message, 'Enter the code we emailed you');
  assert.ok(Date.parse(challenge.expiresAt) > Date.now() + 9 * 60_000);
  assert.not.ok(
    answer.headers.getSetCookie().some((line) => line.startsWith('ot_session=')),
    'no session yet',
  );
  assert.is((await client.get('/api/customer/orders')).status, 401);

  const code = await emailedCode(stack, order.customerEmail);
  const wrong = await sendCode(client, challenge.challengeId, code === '000000' ? '111111' : '000000');
  assert.equal([wrong.status, wrong.body.code, wrong.body.attemptsLeft], [401, 'LOGIN_CODE_WRONG', 4]);

  const right = await sendCode(client, challenge.challengeId, code);
  assert.is(right.status, 200, JSON.stringify(right.body));
  assert.is(right.body.user?.email, order.customerEmail.toLowerCase());
  assert.is((await client.get('/api/customer/orders')).status, 200);

  // The browser now holds a device cookie for the account: the next sign-in there needs no code.
  const device = deviceCookieOf(right.headers);
  assert.ok(device, 'a device cookie is set');
  const again = await stack
    .client()
    .post(
      '/api/auth/customer/login',
      { email: order.customerEmail, orderNumber: order.orderNumber },
      { cookie: device },
    );
  assert.is(again.status, 200);
  // Another browser still needs a code.
  await askForCode(stack, order);
});

test('neither the event log nor the email log holds the code', async ({ stack, admin }) => {
  const order = await newOrder(admin, 'no-trace');
  await askForCode(stack, order);
  const code = await emailedCode(stack, order.customerEmail);
  const { rows } = await stack.db.pool.query<{ n: string }>(
    `select count(*) as n from es.events where data::text like '%' || $1 || '%' and stream like 'email-%'
        and data::text like '%' || $2 || '%'`,
    [code, order.customerEmail],
  );
  assert.is(Number(rows[0]?.n), 0);
  const log = await admin.get<{ events: { emailType: string; recipientEmail: string }[] }>(
    `/api/admin/email-events?recipient=${encodeURIComponent(order.customerEmail)}`,
  );
  assert.ok(JSON.stringify(log.body).includes('login_code'));
  assert.not.ok(JSON.stringify(log.body).includes(code));
});

test('a code is used once', async ({ stack, admin }) => {
  const order = await newOrder(admin, 'once');
  const { challenge } = await askForCode(stack, order);
  const code = await emailedCode(stack, order.customerEmail);
  assert.is((await sendCode(stack.client(), challenge.challengeId, code)).status, 200);
  const replay = await sendCode(stack.client(), challenge.challengeId, code);
  assert.equal([replay.status, replay.body.code], [401, 'LOGIN_CODE_EXPIRED']);
});

test(`parallel guesses: at most ${LOGIN_CODE_MAX_ATTEMPTS} are compared, after which even the right code is refused`, async ({
  stack,
  admin,
}) => {
  const order = await newOrder(admin, 'guessed');
  const { challenge } = await askForCode(stack, order);
  const code = await emailedCode(stack, order.customerEmail);
  const wrong = code === '999999' ? '999998' : '999999';
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => sendCode(stack.client(), challenge.challengeId, wrong)),
  );
  assert.ok(
    answers.every((answer) => answer.status === 401 || answer.status === 429),
    answers.map((a) => a.status).join(),
  );
  assert.ok(answers.filter((answer) => answer.body.code === 'LOGIN_CODE_WRONG').length <= LOGIN_CODE_MAX_ATTEMPTS);
  const { rows } = await stack.db.pool.query<{ attempts: number }>(
    'select attempts from auth.login_codes where id = $1',
    [challenge.challengeId],
  );
  assert.ok((rows[0]?.attempts ?? 99) <= LOGIN_CODE_MAX_ATTEMPTS);
  await stack.db.pool.query("delete from auth.login_failures where key like 'account:%'");
  await stack.db.pool.query('update auth.login_codes set attempts = $2 where id = $1', [
    challenge.challengeId,
    LOGIN_CODE_MAX_ATTEMPTS,
  ]);
  const late = await sendCode(stack.client(), challenge.challengeId, code);
  assert.equal([late.status, late.body.code], [401, 'LOGIN_CODE_EXPIRED']);
});

test('an expired code is refused, and the notifier finds no code to send for it', async ({ stack, admin }) => {
  const order = await newOrder(admin, 'expired');
  const { challenge } = await askForCode(stack, order);
  const code = await emailedCode(stack, order.customerEmail);
  const { rows } = await stack.db.pool.query<{ notification_id: string }>(
    `update auth.login_codes set expires_at = now() - interval '1 second' where id = $1 returning notification_id`,
    [challenge.challengeId],
  );
  const late = await sendCode(stack.client(), challenge.challengeId, code);
  assert.equal([late.status, late.body.code], [401, 'LOGIN_CODE_EXPIRED']);
  assert.is(await createLoginCodes(stack.db.pool).codeForNotification(rows[0]?.notification_id ?? ''), null);
});

test('a wrong email or order number is the usual refusal, and no email goes out', async ({ stack, admin }) => {
  const order = await newOrder(admin, 'wrong');
  const answer = await stack.client().loginCustomer(order.customerEmail, `${order.orderNumber}9`);
  assert.equal(
    [answer.status, (answer.body as { message: string }).message],
    [401, 'Invalid email or order number. Please try again.'],
  );
  const { rows } = await stack.db.pool.query('select 1 from auth.login_codes where email = $1', [order.customerEmail]);
  assert.is(rows.length, 0);
});

test('an unknown challenge or a malformed code is refused with a clear 4xx', async ({ stack }) => {
  const unknown = await sendCode(stack.client(), 'no-such-challenge', '123456');
  assert.equal([unknown.status, unknown.body.code], [401, 'LOGIN_CODE_EXPIRED']);
  const malformed = await sendCode(stack.client(), 'no-such-challenge', '12ab');
  assert.is(malformed.status, 400);
  assert.match(JSON.stringify(malformed.body), 'Enter the 6-digit code from the email');
});

test.run();
