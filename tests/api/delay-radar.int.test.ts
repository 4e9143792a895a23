import type { AttentionList, Insights, LeadTimesView } from '@ot/contracts/insights/insights-views.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { daysAgo, placedIronsOrder, RADAR_NOW } from '../support/radar-orders.ts';
import { type Client, orderPayload, type Stack, startStack } from '../support/stack.ts';

const NOW = RADAR_NOW;

const test = suite<{ stack: Stack; admin: Client }>('delay radar: lead times and the attention list', {
  stack: undefined as never,
  admin: undefined as never,
});
test.before(async (context) => {
  context.stack = await startStack({}, { clock: () => NOW });
  context.admin = context.stack.client();
  await context.admin.loginAdmin();
});
test.after(async ({ stack }) => stack.stop());

/** An order of one item whose history is: processed, placed `placedAgo` days ago, then arrived after `withMaker` days. */
const arrived = (orderNumber: string, manufacturer: string, name: string, placedAgo: number, withMaker: number) =>
  orderPayload({
    orderNumber,
    items: [
      {
        name,
        price: 10_000,
        quantity: 1,
        manufacturer,
        status: 'order_arrived_awaiting_qc',
        statusHistory: [
          { status: 'order_being_processed', at: daysAgo(placedAgo + 2) },
          { status: 'order_placed_with_manufacturer', at: daysAgo(placedAgo) },
          { status: 'order_arrived_awaiting_qc', at: daysAgo(placedAgo - withMaker) },
        ],
      },
    ],
  });

test('an import with status histories gives the lead times, with fallbacks where a group is small', async ({
  stack,
  admin,
}) => {
  const rows = [
    ...[16, 17, 18, 24, 30].map((days, i) => arrived(`EP-10${i}`, 'Mizuno', 'Irons', 200 - i * 10, days)),
    ...[20, 22].map((days, i) => arrived(`EP-20${i}`, 'Mizuno', 'Wedges', 150 - i * 10, days)),
    arrived('EP-300', 'Ping', 'Driver', 100, 9),
  ];
  const answer = await admin.post<{ imported: number }>('/api/admin/import', rows);
  assert.is(answer.status, 200);
  assert.is(answer.body.imported, 8);
  await stack.settle();

  const times = await admin.get<LeadTimesView>('/api/admin/insights/lead-times');
  assert.is(times.status, 200);
  assert.is(times.body.to, '2026-06-15');
  assert.is(times.body.from, '2025-06-15');
  const group = (manufacturer: string, itemType: string, stage: string) =>
    times.body.groups.find((g) => g.manufacturer === manufacturer && g.itemType === itemType && g.stage === stage);
  assert.equal(group('Mizuno', 'Irons', 'placed -> arrived'), {
    manufacturer: 'Mizuno',
    itemType: 'Irons',
    stage: 'placed -> arrived',
    count: 5,
    medianDays: 18,
    p80Days: 25.2,
    fallback: null,
  });
  // Two wedges borrow Mizuno's seven items; one Ping driver borrows the studio's eight.
  assert.equal(group('Mizuno', 'Wedges', 'placed -> arrived')?.fallback, 'manufacturer');
  assert.equal(group('Mizuno', 'Wedges', 'placed -> arrived')?.medianDays, 20);
  assert.equal(group('Ping', 'Driver', 'placed -> arrived')?.fallback, 'studio');
  assert.equal(group('Mizuno', 'Irons', 'processed -> placed')?.medianDays, 2);

  // From January on, three of the irons arrived (the first two in December): too few, so Mizuno's five count.
  const narrow = await admin.get<LeadTimesView>('/api/admin/insights/lead-times?from=2026-01-01&to=2026-06-15');
  const narrowIrons = narrow.body.groups.find((g) => g.itemType === 'Irons' && g.stage === 'placed -> arrived');
  assert.equal([narrowIrons?.count, narrowIrons?.fallback], [3, 'manufacturer']);
  const bad = await admin.get<{ message: string }>('/api/admin/insights/lead-times?from=2026-02-30');
  assert.is(bad.status, 400);
  assert.match(bad.body.message, /from must be a date/);
});

test('an open item longer with its manufacturer than the 80th percentile is trending late, in words', async ({
  admin,
}) => {
  await admin.post('/api/admin/import', [placedIronsOrder('EP-400', 27)]);
  const list = await admin.get<AttentionList>('/api/admin/attention?manufacturer=Mizuno');
  assert.is(list.status, 200);
  const flags = list.body.items.filter((item) => item.orderNumber === 'EP-400');
  assert.equal(
    flags.map((item) => item.flag),
    ['trending_late', 'stuck', 'missing_eta'],
  );
  assert.is(
    flags[0]?.reason,
    'Mizuno Irons usually arrive in 18 days, 80% within 25.2; this one has been with Mizuno 27 days',
  );
  assert.is(flags[0]?.daysInStage, 27);
  assert.is(flags[0]?.itemName, 'Irons');
  assert.is(list.body.total, list.body.items.length);
});

test('an item edit moves it out of and into the attention list at once (read your writes)', async ({ admin }) => {
  await admin.post('/api/admin/import', [placedIronsOrder('EP-500', 5)]);
  const missing = await admin.get<AttentionList>('/api/admin/attention?flag=missing_eta');
  assert.ok(missing.body.items.some((item) => item.orderNumber === 'EP-500'));
  assert.ok(missing.body.items.every((item) => item.flag === 'missing_eta'));

  const order = await admin.get<OrderView>('/api/orders/EP-500');
  const itemId = order.body.items[0]?.id ?? '';
  await admin.patch(`/api/admin/orders/EP-500/items/${itemId}`, { estimatedDelivery: '2026-07-30' });
  const after = await admin.get<AttentionList>('/api/admin/attention');
  assert.not.ok(after.body.items.some((item) => item.orderNumber === 'EP-500'));

  await admin.patch(`/api/admin/orders/EP-500/items/${itemId}`, { estimatedDelivery: '2026-06-14' });
  const overdue = await admin.get<AttentionList>('/api/admin/attention?flag=overdue');
  const row = overdue.body.items.find((item) => item.orderNumber === 'EP-500');
  assert.is(row?.reason, 'ETA Jun 14, 2026 passed 1 day ago; with Mizuno 5 days');
  assert.is(row?.predictedReadyDate, '2026-06-28');
});

test('the insights count items per stage, ready on time per month and orders completed per month', async ({
  admin,
}) => {
  const insights = await admin.get<Insights>('/api/admin/insights');
  assert.is(insights.status, 200);
  const mizuno = insights.body.leadTimes.find((g) => g.manufacturer === 'Mizuno' && g.stage === 'placed -> arrived');
  assert.is(mizuno?.count, 7);
  assert.is(insights.body.inStage.find((s) => s.status === 'order_arrived_awaiting_qc')?.count, 8);
  assert.ok((insights.body.inStage.find((s) => s.status === 'order_placed_with_manufacturer')?.count ?? 0) >= 2);
});

test('customers cannot read the radar; a bad flag is a 400 that says which flags there are', async ({
  stack,
  admin,
}) => {
  const stranger = stack.client();
  assert.is((await stranger.get('/api/admin/attention')).status, 401);
  const bad = await admin.get<{ message: string }>('/api/admin/attention?flag=late');
  assert.is(bad.status, 400);
  assert.match(bad.body.message, /flag must be one of overdue, trending_late, stuck, missing_eta/);
});

test('a status history out of time order, or not ending with the item status, is refused with a clear message', async ({
  admin,
}) => {
  const outOfOrder = placedIronsOrder('EP-600', 5, {
    statusHistory: [
      { status: 'order_placed_with_manufacturer', at: daysAgo(5) },
      { status: 'order_being_processed', at: daysAgo(9) },
    ],
  });
  const answer = await admin.post<{ message: string }>('/api/admin/import', [outOfOrder]);
  assert.is(answer.status, 400);
  assert.match(answer.body.message, /statusHistory must be in time order, oldest first/);
  const wrongEnd = placedIronsOrder('EP-601', 5, { status: 'order_arrived_awaiting_qc' });
  const second = await admin.post<{ message: string }>('/api/admin/import', [wrongEnd]);
  assert.is(second.status, 400);
  assert.match(second.body.message, /statusHistory must end with the item's status/);
});

test.run();
