import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../support/email-fixtures.ts';
import { startPushingNotifier } from '../support/push.ts';
import { type PushServiceStandIn, startPushServiceStandIn } from '../support/push-service-stand-in.ts';
import { addOrder, signedInAdmin, signedInCustomer } from '../support/scenario.ts';
import { type Client, type Stack, startStack, uniqueEmail } from '../support/stack.ts';

interface Context {
  stack: Stack;
  pushService: PushServiceStandIn;
  admin: Client;
  stopNotifier: () => Promise<void>;
}

const test = suite<Context>('web push: subscriptions, and order updates pushed through a local RFC 8030 push service', {
  stack: undefined as never,
  pushService: undefined as never,
  admin: undefined as never,
  stopNotifier: undefined as never,
});

test.before(async (context) => {
  context.pushService = await startPushServiceStandIn();
  context.stack = await startStack({
    PUSH_SERVICE_ORIGINS: context.pushService.origin,
    PUBLIC_URL: 'https://track.example.test',
  });
  const notifier = await startPushingNotifier(context.stack.db.pool, context.stack.store, context.stack.config);
  context.stopNotifier = notifier.stop;
  context.admin = await signedInAdmin(context.stack);
});
test.after(async ({ stack, pushService, stopNotifier }) => {
  await stopNotifier();
  await stack.stop();
  await pushService.stop();
});

/** A customer with an order of two items, signed in on a device subscribed at the stand-in. */
async function subscribedCustomer({ stack, admin, pushService }: Context) {
  const order = await addOrder(admin, { customerEmail: uniqueEmail() });
  const customer = await signedInCustomer(stack, order.customerEmail, order.orderNumber);
  const subscription = pushService.subscribe();
  const answer = await customer.post('/api/push/subscriptions', subscription);
  assert.is(answer.status, 201, JSON.stringify(answer.body));
  return { order, customer, subscription };
}

/** Staff change an item's status and tick Notify Customer: the edit flow's last item call. */
async function changeItem(admin: Client, order: OrderView, status: string, index = 0) {
  const item = order.items[index];
  const answer = await admin.patch(
    `/api/admin/orders/${order.orderNumber}/items/${item?.id}`,
    { status },
    { 'x-send-email': 'true' },
  );
  assert.is(answer.status, 200, JSON.stringify(answer.body));
}

const pushesTo = (pushService: PushServiceStandIn, endpoint: string, count: number) =>
  eventually(
    async () => pushService.receivedFor(endpoint),
    (pushes) => pushes.length >= count,
  );

const emailsSentTo = async (stack: Stack, email: string) =>
  (
    await stack.db.pool.query<{ n: number }>(
      `select count(*)::int as n from email.deliveries where recipient_email = $1 and state in ('sent', 'failed')`,
      [email],
    )
  ).rows[0]?.n ?? 0;

test('an item changed with notify is pushed, encrypted for the device, naming the order and the new status', async (context) => {
  const { order, subscription } = await subscribedCustomer(context);
  await changeItem(context.admin, order, 'order_arrived_awaiting_qc');
  const [push] = await pushesTo(context.pushService, subscription.endpoint, 1);
  const message = JSON.parse(push?.text ?? '{}');
  const item = order.items[0]?.name;
  assert.is(message.web_push, 8030);
  assert.is(message.notification.title, `${order.orderNumber}: ${item}`);
  assert.is(message.notification.body, statusLabel('order_arrived_awaiting_qc'));
  assert.is(message.notification.body, 'Order Arrived at EP - Awaiting Quality Checks');
  assert.is(message.notification.navigate, `https://track.example.test/orders/${order.orderNumber}`);
  assert.is(push?.claims.sub, 'https://track.example.test');
  assert.is(push?.claims.aud, context.pushService.origin);
  assert.ok((push?.ttl ?? 0) > 0);
  assert.is(push?.urgency, 'normal');
  assert.equal(context.pushService.refused, []);
});

test("a push's outcome is on the order's history, for staff", async (context) => {
  const { order, subscription } = await subscribedCustomer(context);
  await changeItem(context.admin, order, 'order_placed_with_manufacturer');
  await pushesTo(context.pushService, subscription.endpoint, 1);
  const history = await eventually(
    () =>
      context.admin.get<{ type: string; data: { title?: string }; changes: { field: string; after: unknown }[] }[]>(
        `/api/audit/orders/${order.orderNumber}/events`,
      ),
    (answer) => answer.body.some((event) => event.type === 'PushSent'),
  );
  const sent = history.body.find((event) => event.type === 'PushSent');
  assert.match(sent?.changes[0]?.field ?? '', /^pushes\[.+\]\.status$/);
  assert.is(sent?.changes[0]?.after, 'sent');
  assert.is(sent?.data.title, `${order.orderNumber}: ${order.items[0]?.name}`);
});

test('a 410 deletes the subscription and nothing more is sent to it; the email still goes', async (context) => {
  const { stack, pushService, admin } = context;
  const { order, subscription } = await subscribedCustomer(context);
  pushService.script(subscription.endpoint, { status: 410 });
  await changeItem(admin, order, 'order_arrived_awaiting_qc');
  await pushesTo(pushService, subscription.endpoint, 1);
  await eventually(
    async () =>
      (await stack.db.pool.query('select 1 from push.subscriptions where endpoint = $1', [subscription.endpoint]))
        .rowCount,
    (rows) => rows === 0,
  );
  await changeItem(admin, order, 'order_checked_ready_for_collection');
  await eventually(
    () => emailsSentTo(stack, order.customerEmail),
    (n) => n === 2,
  );
  // The second update was requested after the subscription went: no message was ever made for it.
  const { rows } = await stack.db.pool.query('select state from push.deliveries where order_number = $1', [
    order.orderNumber,
  ]);
  assert.equal(rows, [{ state: 'failed' }]);
  assert.is(pushService.receivedFor(subscription.endpoint).length, 1);
});

test('429 with Retry-After and 500 are tried again; 413 fails at once and is recorded', async (context) => {
  const { pushService, admin, stack } = context;
  const { order, subscription } = await subscribedCustomer(context);
  pushService.script(subscription.endpoint, { status: 429, headers: { 'retry-after': '1' } }, { status: 500 });
  await changeItem(admin, order, 'order_arrived_awaiting_qc');
  const pushes = await pushesTo(pushService, subscription.endpoint, 3);
  assert.equal(
    pushes.map((push) => push.status),
    [429, 500, 201],
  );
  assert.ok((pushes[1]?.at ?? 0) - (pushes[0]?.at ?? 0) >= 1000, 'Retry-After was obeyed');

  pushService.script(subscription.endpoint, { status: 413 });
  await changeItem(admin, order, 'order_checked_ready_for_collection');
  await pushesTo(pushService, subscription.endpoint, 4);
  const failed = await eventually(
    async () =>
      (
        await stack.db.pool.query<{ state: string; last_error: string }>(
          `select state, last_error from push.deliveries where order_number = $1 and state = 'failed'`,
          [order.orderNumber],
        )
      ).rows,
    (rows) => rows.length === 1,
  );
  assert.match(failed[0]?.last_error ?? '', '413');
  assert.is(pushService.receivedFor(subscription.endpoint).length, 4, 'a 413 is not tried again');
});

test('a customer who chose email only gets no push; one who chose push only gets no email', async (context) => {
  const { stack, pushService, admin } = context;
  const emailOnly = await subscribedCustomer(context);
  assert.is((await emailOnly.customer.request('PUT', '/api/push/preferences', { channels: 'email' })).status, 200);
  assert.equal((await emailOnly.customer.get('/api/push/preferences')).body, { channels: 'email' });
  await changeItem(admin, emailOnly.order, 'order_arrived_awaiting_qc');
  await eventually(
    () => emailsSentTo(stack, emailOnly.order.customerEmail),
    (n) => n === 1,
  );
  assert.is(pushService.receivedFor(emailOnly.subscription.endpoint).length, 0);

  const pushOnly = await subscribedCustomer(context);
  await pushOnly.customer.request('PUT', '/api/push/preferences', { channels: 'push' });
  await changeItem(admin, pushOnly.order, 'order_arrived_awaiting_qc');
  await pushesTo(pushService, pushOnly.subscription.endpoint, 1);
  const { rows } = await eventually(
    () =>
      stack.db.pool.query('select state, last_error from email.deliveries where recipient_email = $1', [
        pushOnly.order.customerEmail,
      ]),
    (result) => result.rows[0]?.state === 'failed',
  );
  assert.match(rows[0]?.last_error, 'push notifications only');
});

test('only browser push services and PUSH_SERVICE_ORIGINS are taken; anything else is a 400', async (context) => {
  const { customer, subscription } = await subscribedCustomer(context);
  for (const endpoint of [
    'https://attacker.example/push/1',
    'http://127.0.0.1:9/push/1',
    'https://fcm.googleapis.com.attacker.example/fcm/send/1',
    'http://fcm.googleapis.com/fcm/send/1',
    'https://user:pass@fcm.googleapis.com/fcm/send/1',
    'file:///etc/passwd',
  ]) {
    const answer = await customer.post<{ message: string }>('/api/push/subscriptions', { ...subscription, endpoint });
    assert.is(answer.status, 400, endpoint);
  }
  const refused = await customer.post<{ message: string }>('/api/push/subscriptions', {
    ...subscription,
    endpoint: 'https://attacker.example/push/1',
  });
  assert.match(refused.body.message, "not a browser's push service");
  const badKey = await customer.post('/api/push/subscriptions', {
    ...subscription,
    keys: { p256dh: 'abc', auth: 'x' },
  });
  assert.is(badKey.status, 400);
  const offCurve = `BA${'A'.repeat(85)}`;
  const notAPoint = await customer.post('/api/push/subscriptions', {
    ...subscription,
    keys: { ...subscription.keys, p256dh: offCurve },
  });
  assert.is(notAPoint.status, 400);
});

test('a subscription belongs to its user: a customer removes only their own', async (context) => {
  const { stack } = context;
  const first = await subscribedCustomer(context);
  const second = await subscribedCustomer(context);
  await second.customer.request('DELETE', '/api/push/subscriptions', { endpoint: first.subscription.endpoint });
  const count = async (endpoint: string) =>
    (await stack.db.pool.query('select 1 from push.subscriptions where endpoint = $1', [endpoint])).rowCount;
  assert.is(await count(first.subscription.endpoint), 1, "another customer's subscription stays");
  const own = await first.customer.request('DELETE', '/api/push/subscriptions', {
    endpoint: first.subscription.endpoint,
  });
  assert.is(own.status, 200);
  assert.is(await count(first.subscription.endpoint), 0);
  assert.is((await stack.client().get('/api/push/vapid-public-key')).status, 401);
  const key = await first.customer.get<{ publicKey: string }>('/api/push/vapid-public-key');
  assert.is(Buffer.from(key.body.publicKey, 'base64url').length, 65);
});

test.run();
