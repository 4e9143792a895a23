import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyChoices, type OrderSnapshot, threeWayMerge } from './three-way-merge.ts';

const order = (
  fields: Record<string, string> = {},
  items: Record<string, Record<string, string>> = {},
): OrderSnapshot => ({
  fields: {
    customerName: 'Jane Golfer',
    trackingNumber: '',
    status: 'order_being_processed',
    estimatedDelivery: '',
    'shippingAddress.city': 'St Andrews',
    ...fields,
  },
  items: Object.entries({
    'item-1': { status: 'order_being_processed', estimatedDelivery: '', manufacturer: 'Titleist' },
    'item-2': { status: 'order_being_processed', estimatedDelivery: '', manufacturer: 'Mizuno' },
    ...items,
  }).map(([id, values]) => ({ id, values })),
});

const base = order();

test('a field only the queued change touched takes its value, whatever the field kind', () => {
  const mine = order(
    {
      customerName: 'Jane Fairway',
      status: 'order_shipped',
      estimatedDelivery: '2026-12-01',
      'shippingAddress.city': 'Fife',
    },
    { 'item-1': { status: 'order_collected_shipped', estimatedDelivery: '2026-12-02', manufacturer: '' } },
  );
  const { merged, conflicts } = threeWayMerge(base, base, mine);
  assert.equal(conflicts, []);
  assert.equal(merged, mine);
});

test('a field only the server changed keeps the server value (nothing of it is undone)', () => {
  const current = order({ trackingNumber: 'PF-THEIRS', 'shippingAddress.city': 'Leuchars' });
  const mine = order({ customerName: 'Jane Fairway' });
  const { merged, conflicts } = threeWayMerge(base, current, mine);
  assert.equal(conflicts, []);
  assert.is(merged.fields.trackingNumber, 'PF-THEIRS');
  assert.is(merged.fields['shippingAddress.city'], 'Leuchars');
  assert.is(merged.fields.customerName, 'Jane Fairway');
});

test('a field both sides changed differently is a conflict with the three values; the same change is not', () => {
  const current = order({ trackingNumber: 'PF-THEIRS', status: 'order_shipped' });
  const mine = order({ trackingNumber: 'PF-MINE', status: 'order_shipped' });
  const { merged, conflicts } = threeWayMerge(base, current, mine);
  assert.equal(conflicts, [{ path: 'trackingNumber', base: '', yours: 'PF-MINE', current: 'PF-THEIRS' }]);
  assert.is(merged.fields.status, 'order_shipped');
});

test('items are compared by id, field by field, whatever their order', () => {
  const current: OrderSnapshot = {
    ...order({}, { 'item-2': { status: 'order_arrived_awaiting_qc', estimatedDelivery: '', manufacturer: 'Mizuno' } }),
  };
  current.items.reverse();
  const mine = order(
    {},
    {
      'item-1': { status: 'order_being_processed', estimatedDelivery: '2026-12-24', manufacturer: 'Titleist' },
      'item-2': { status: 'order_placed_with_manufacturer', estimatedDelivery: '2026-12-25', manufacturer: 'Mizuno' },
    },
  );
  const { merged, conflicts } = threeWayMerge(base, current, mine);
  assert.equal(
    merged.items.map((item) => item.id),
    ['item-2', 'item-1'],
  );
  assert.equal(conflicts, [
    {
      path: 'items.item-2.status',
      base: 'order_being_processed',
      yours: 'order_placed_with_manufacturer',
      current: 'order_arrived_awaiting_qc',
    },
  ]);
  assert.is(merged.items[0]?.values.estimatedDelivery, '2026-12-25');
  assert.is(merged.items[1]?.values.estimatedDelivery, '2026-12-24');
});

test('an item removed on the server is reported when the queued change edited it, and is not sent', () => {
  const current: OrderSnapshot = { ...base, items: base.items.filter((item) => item.id !== 'item-2') };
  const mine = order({}, { 'item-2': { status: 'order_shipped', estimatedDelivery: '', manufacturer: 'Mizuno' } });
  const { merged, removedItems } = threeWayMerge(base, current, mine);
  assert.equal(removedItems, ['item-2']);
  assert.equal(
    merged.items.map((item) => item.id),
    ['item-1'],
  );
  assert.equal(threeWayMerge(base, current, base).removedItems, []);
});

test('an item added on the server meanwhile is kept as the server has it', () => {
  const current: OrderSnapshot = {
    ...base,
    items: [
      ...base.items,
      { id: 'item-3', values: { status: 'order_shipped', estimatedDelivery: '', manufacturer: 'Ping' } },
    ],
  };
  const { merged, conflicts } = threeWayMerge(base, current, base);
  assert.equal(conflicts, []);
  assert.equal(merged.items.at(-1), {
    id: 'item-3',
    values: { status: 'order_shipped', estimatedDelivery: '', manufacturer: 'Ping' },
  });
});

test("the admin's choices fold into the merge: 'current' takes the server value, 'yours' keeps theirs", () => {
  const current = order(
    { trackingNumber: 'PF-THEIRS', customerName: 'Server Name' },
    {
      'item-1': { status: 'order_shipped', estimatedDelivery: '', manufacturer: 'Titleist' },
    },
  );
  const mine = order(
    { trackingNumber: 'PF-MINE', customerName: 'My Name' },
    {
      'item-1': { status: 'order_arrived_awaiting_qc', estimatedDelivery: '', manufacturer: 'Titleist' },
    },
  );
  const { merged, conflicts } = threeWayMerge(base, current, mine);
  assert.is(conflicts.length, 3);
  // Once decided, the order they decided against is the new base.
  const chosen = applyChoices(merged, conflicts, {
    trackingNumber: 'current',
    customerName: 'yours',
    'items.item-1.status': 'current',
  });
  const again = threeWayMerge(current, current, chosen);
  assert.equal(again.conflicts, []);
  assert.is(again.merged.fields.trackingNumber, 'PF-THEIRS');
  assert.is(again.merged.fields.customerName, 'My Name');
  assert.is(again.merged.items[0]?.values.status, 'order_shipped');
});

test.run();
