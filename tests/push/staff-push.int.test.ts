import type { AttentionList } from '@ot/contracts/insights/insights-views.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runRadar } from '../../command-service/src/notifier/radar-schedule.ts';
import { eventually } from '../support/email-fixtures.ts';
import { startPushingNotifier } from '../support/push.ts';
import { type PushServiceStandIn, startPushServiceStandIn } from '../support/push-service-stand-in.ts';
import { placedIronsOrder, RADAR_NOW } from '../support/radar-orders.ts';
import { signedInCustomer, signedInStaff } from '../support/scenario.ts';
import { type Client, type Stack, startStack } from '../support/stack.ts';

const NOW = RADAR_NOW;

interface Context {
  stack: Stack;
  pushService: PushServiceStandIn;
  admin: Client;
  stopNotifier: () => Promise<void>;
}

const test = suite<Context>('staff pushes: a staff device is told when an item enters "Needs attention"', {
  stack: undefined as never,
  pushService: undefined as never,
  admin: undefined as never,
  stopNotifier: undefined as never,
});

/** An order of one Irons placed with Mizuno `placedAgo` days ago, due `eta` (none: no ETA). */
const placedOrder = (orderNumber: string, placedAgo: number, eta: string | null) =>
  placedIronsOrder(orderNumber, placedAgo, { estimatedDelivery: eta });

test.before(async (context) => {
  context.pushService = await startPushServiceStandIn();
  context.stack = await startStack(
    { PUSH_SERVICE_ORIGINS: context.pushService.origin, PUBLIC_URL: 'https://track.example.test' },
    { clock: () => NOW },
  );
  const { stack } = context;
  const notifier = await startPushingNotifier(stack.db.pool, stack.store, stack.config);
  context.stopNotifier = notifier.stop;
  context.admin = stack.client();
  await context.admin.loginAdmin();
  // EP-500 needs attention from the start (no ETA for 20 days); the others are on track until edited.
  const imported = await context.admin.post('/api/admin/import', [
    placedOrder('EP-500', 20, null),
    ...['EP-501', 'EP-502', 'EP-503', 'EP-504'].map((number) => placedOrder(number, 5, '2026-07-30')),
  ]);
  assert.is(imported.status, 200, JSON.stringify(imported.body));
  await stack.settle();
});
test.after(async ({ stack, pushService, stopNotifier }) => {
  await stopNotifier();
  await stack.stop();
  await pushService.stop();
});

const radarDeps = (stack: Stack) => ({
  pool: stack.db.pool,
  store: stack.store,
  config: stack.config,
  clock: () => NOW,
  logger: createLogger('test', 'silent'),
});

/** An admin gives the order's item an ETA already past: it is overdue, in the list at once. */
async function makeOverdue({ admin }: Context, orderNumber: string) {
  const order = await admin.get<OrderView>(`/api/orders/${orderNumber}`);
  const itemId = order.body.items[0]?.id;
  const answer = await admin.patch(`/api/admin/orders/${orderNumber}/items/${itemId}`, {
    estimatedDelivery: '2026-06-01',
  });
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  const list = await admin.get<AttentionList>('/api/admin/attention');
  assert.ok(list.body.items.some((item) => item.orderNumber === orderNumber && item.flag === 'overdue'));
}

const pushesTo = (pushService: PushServiceStandIn, endpoint: string, count: number) =>
  eventually(
    async () => pushService.receivedFor(endpoint),
    (pushes) => pushes.length >= count,
  );

const settleNotifier = () => new Promise((resolve) => setTimeout(resolve, 400));

test('a staff device is told once of an item an edit put into the list; what was listed before is not news', async (context) => {
  const { stack, pushService } = context;
  const auditor = await signedInStaff(stack, { username: 'auditor-1', password: 'a long auditor password' }, 'auditor');
  const device = pushService.subscribe();
  const subscribed = await auditor.post('/api/push/subscriptions', device);
  assert.is(subscribed.status, 201, JSON.stringify(subscribed.body));

  // EP-500 was in the list when the device subscribed.
  assert.equal(await runRadar(radarDeps(stack)), { digests: 0, notices: 0, pushes: 0 });
  await makeOverdue(context, 'EP-501');
  assert.equal(await runRadar(radarDeps(stack)), { digests: 0, notices: 0, pushes: 1 });

  const [push] = await pushesTo(pushService, device.endpoint, 1);
  const message = JSON.parse(push?.text ?? '{}');
  assert.is(message.web_push, 8030);
  assert.is(message.notification.title, 'Needs attention: EP-501 Irons');
  assert.match(message.notification.body, /^Overdue\. /);
  assert.is(message.notification.navigate, 'https://track.example.test/admin/edit-order/EP-501');
  assert.equal(pushService.refused, []);

  // The next look, and a restarted notifier's (new deps, the same database), find nothing new.
  assert.equal(await runRadar(radarDeps(stack)), { digests: 0, notices: 0, pushes: 0 });
  assert.equal(await runRadar(radarDeps(stack)), { digests: 0, notices: 0, pushes: 0 });
  await settleNotifier();
  assert.is(pushService.receivedFor(device.endpoint).length, 1);
  const { rows } = await stack.db.pool.query(
    `select state from push.deliveries d join push.subscriptions s on s.id = d.subscription_id where s.endpoint = $1`,
    [device.endpoint],
  );
  assert.equal(rows, [{ state: 'sent' }]);
});

test('two notifiers looking at once ask once; several entries at one look are one push', async (context) => {
  const { stack, pushService, admin } = context;
  const device = pushService.subscribe();
  assert.is((await admin.post('/api/push/subscriptions', device)).status, 201);
  await makeOverdue(context, 'EP-502');
  await makeOverdue(context, 'EP-503');
  const looks = await Promise.all([runRadar(radarDeps(stack)), runRadar(radarDeps(stack))]);
  // One push for each staff device (the auditor's of the first test, and this one), whoever looked first.
  assert.is(looks[0].pushes + looks[1].pushes, 2, JSON.stringify(looks));
  const [push] = await pushesTo(pushService, device.endpoint, 1);
  const message = JSON.parse(push?.text ?? '{}');
  assert.is(message.notification.title, '2 items need attention');
  assert.match(message.notification.body, /EP-502 Irons: Overdue/);
  assert.match(message.notification.body, /EP-503 Irons: Overdue/);
  assert.is(message.notification.navigate, 'https://track.example.test/admin/dashboard?view=attention');
  await settleNotifier();
  assert.is(pushService.receivedFor(device.endpoint).length, 1);
});

test("a customer's device never gets staff pushes, nor does a staff device that moved to a customer", async (context) => {
  const { stack, pushService, admin } = context;
  const order = await admin.get<OrderView>('/api/orders/EP-504');
  const customer = await signedInCustomer(stack, order.body.customerEmail, 'EP-504');
  const customerDevice = pushService.subscribe();
  assert.is((await customer.post('/api/push/subscriptions', customerDevice)).status, 201);
  const staffDevice = pushService.subscribe();
  assert.is((await admin.post('/api/push/subscriptions', staffDevice)).status, 201);
  // The same browser profile, signed in as the customer now: the endpoint is theirs.
  assert.is((await customer.post('/api/push/subscriptions', staffDevice)).status, 201);
  const watcher = pushService.subscribe();
  assert.is((await admin.post('/api/push/subscriptions', watcher)).status, 201);

  await makeOverdue(context, 'EP-504');
  const { pushes } = await runRadar(radarDeps(stack));
  assert.ok(pushes >= 1);
  await pushesTo(pushService, watcher.endpoint, 1);
  await settleNotifier();
  assert.is(pushService.receivedFor(customerDevice.endpoint).length, 0);
  assert.is(pushService.receivedFor(staffDevice.endpoint).length, 0);
  // Signing out on the staff device removes its subscription, as for customers.
  assert.is((await admin.request('DELETE', '/api/push/subscriptions', { endpoint: watcher.endpoint })).status, 200);
  const left = await stack.db.pool.query('select 1 from push.subscriptions where endpoint = $1', [watcher.endpoint]);
  assert.is(left.rowCount, 0);
});

test.run();
