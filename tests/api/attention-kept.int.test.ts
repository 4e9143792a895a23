import type { AttentionList, LeadTimesView } from '@ot/contracts/insights/insights-views.ts';
import { addDays, localDate } from '@ot/contracts/insights/studio-dates.ts';
import type { UsualReady } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Client, orderPayload, type Stack, startStack } from '../support/stack.ts';

// The list is kept in the query service's memory: what it keeps must move with other orders' history and with the day.
const DAY_MS = 24 * 60 * 60 * 1000;
let now = new Date('2026-06-15T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

const test = suite<{ stack: Stack; admin: Client }>('the attention list kept in memory', {
  stack: undefined as never,
  admin: undefined as never,
});
test.before(async (context) => {
  context.stack = await startStack({}, { clock: () => now });
  context.admin = context.stack.client();
  await context.admin.loginAdmin();
});
test.after(async ({ stack }) => stack.stop());

/** One Ping Driver, placed with Ping `placedAgo` days ago; arrived `withMaker` days later when given. */
const pingDriver = (orderNumber: string, placedAgo: number, withMaker?: number) =>
  orderPayload({
    orderNumber,
    items: [
      {
        name: 'Driver',
        price: 10_000,
        quantity: 1,
        manufacturer: 'Ping',
        status: withMaker === undefined ? 'order_placed_with_manufacturer' : 'order_arrived_awaiting_qc',
        statusHistory: [
          { status: 'order_being_processed', at: daysAgo(placedAgo + 1) },
          { status: 'order_placed_with_manufacturer', at: daysAgo(placedAgo) },
          ...(withMaker === undefined
            ? []
            : [{ status: 'order_arrived_awaiting_qc', at: daysAgo(placedAgo - withMaker) }]),
        ],
      },
    ],
  });

const flagsOf = async (admin: Client, orderNumber: string) =>
  (await admin.get<AttentionList>('/api/admin/attention')).body.items
    .filter((item) => item.orderNumber === orderNumber)
    .map((item) => item.flag)
    .sort();

test('an item nobody touched leaves the list when its group’s lead times move past it', async ({ admin }) => {
  // Ping Drivers arrive in 4 days; this one has been with Ping 10, with no ETA.
  await admin.post('/api/admin/import', [
    ...[1, 2, 3, 4, 5].map((n) => pingDriver(`EP-70${n}`, 60 + n, 4)),
    pingDriver('EP-710', 10),
  ]);
  assert.equal(await flagsOf(admin, 'EP-710'), ['missing_eta', 'trending_late']);

  // Twelve more that took 30 days: 10 days is now quick, and EP-710 was not written to.
  await admin.post(
    '/api/admin/import',
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => pingDriver(`EP-72${String(n).padStart(2, '0')}`, 90 + n, 30)),
  );
  assert.equal(await flagsOf(admin, 'EP-710'), ['missing_eta']);
});

test('the studio’s day turning moves every kept item: three days with no ETA is fine, four is not', async ({
  admin,
}) => {
  await admin.post('/api/admin/import', [pingDriver('EP-730', 3)]);
  assert.not.ok((await flagsOf(admin, 'EP-730')).includes('missing_eta'));
  now = new Date(now.getTime() + DAY_MS);
  assert.ok((await flagsOf(admin, 'EP-730')).includes('missing_eta'));
  const row = (await admin.get<AttentionList>('/api/admin/attention?flag=missing_eta')).body.items.find(
    (item) => item.orderNumber === 'EP-730',
  );
  assert.is(row?.daysInStage, 4);
  assert.is(row?.reason, 'Placed with Ping 4 days ago and still no ETA');
});

test('an order imported after the list was first read is in it at once', async ({ admin }) => {
  await admin.get('/api/admin/attention');
  await admin.post('/api/admin/import', [pingDriver('EP-740', 9)]);
  assert.ok((await flagsOf(admin, 'EP-740')).includes('missing_eta'));
});

test('a customer’s item with no ETA is usually ready by the lead times as they stand after the last import', async ({
  stack,
  admin,
}) => {
  const customerEmail = 'usually.ready@example.com';
  await admin.post('/api/admin/import', [{ ...pingDriver('EP-750', 2), customerEmail }]);
  const customer = stack.client();
  await customer.loginCustomer(customerEmail, 'EP-750');
  const expected = async () => {
    const { groups } = (await admin.get<LeadTimesView>('/api/admin/insights/lead-times')).body;
    const usual = groups.find(
      (g) => g.manufacturer === 'Ping' && g.itemType === 'Driver' && g.stage === 'placed -> arrived',
    );
    const today = localDate(now, 'Europe/London');
    const end = addDays(localDate(daysAgo(2), 'Europe/London'), usual?.medianDays ?? Number.NaN);
    return end < today ? today : end;
  };
  const first = await customer.get<UsualReady>('/api/orders/EP-750/usual-ready');
  assert.is(first.body.usuallyReadyBy, await expected());

  // Twenty Ping Drivers that took 60 days move the median, and the customer's date with it.
  await admin.post(
    '/api/admin/import',
    Array.from({ length: 20 }, (_, n) => pingDriver(`EP-76${String(n).padStart(2, '0')}`, 200 + n, 60)),
  );
  const second = await customer.get<UsualReady>('/api/orders/EP-750/usual-ready');
  assert.is.not(second.body.usuallyReadyBy, first.body.usuallyReadyBy);
  assert.is(second.body.usuallyReadyBy, await expected());
});

test.run();
