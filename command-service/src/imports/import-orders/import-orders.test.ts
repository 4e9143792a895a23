import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importKeyOf, numberAfterPrefix, planOrderImport } from './import-orders.ts';

const order = (overrides: Record<string, unknown> = {}) => ({
  customerEmail: 'jane@example.com',
  customerName: 'Jane Golfer',
  orderDate: '2026-03-05',
  subtotal: 1000,
  shipping: 0,
  total: 1000,
  amountPaid: 0,
  amountRemaining: 1000,
  items: [{ name: 'Driver', price: 1000, quantity: 1 }],
  ...overrides,
});

test('each row is checked with the add-order rules; a bad row is rejected with its number and message', () => {
  const plan = planOrderImport(
    [order(), order({ customerEmail: 'nope' }), order({ items: [] }), 'not an order', order({ total: undefined })],
    'EP-',
  );
  assert.equal(
    plan.orders.map((o) => o.row),
    [1],
  );
  assert.equal(plan.rejected, [
    { row: 2, field: 'customerEmail', message: 'Invalid email address' },
    { row: 3, field: 'items', message: 'At least one item is required' },
    { row: 4, field: null, message: 'Invalid input: expected object, received string' },
    { row: 5, field: 'total', message: 'Total is required' },
  ]);
});

test('the same order number twice in one file is imported once', () => {
  const plan = planOrderImport([order({ orderNumber: 'EP-0007' }), order({ orderNumber: 'EP-0007' })], 'EP-');
  assert.equal(
    plan.orders.map((o) => o.row),
    [1],
  );
  assert.equal(plan.skipped, [{ row: 2, key: 'EP-0007', reason: 'Order EP-0007 appears twice (row 1)' }]);
});

test('order numbers differing only in case are the same order: the second is skipped', () => {
  const plan = planOrderImport([order({ orderNumber: 'EP-0008' }), order({ orderNumber: 'ep-0008' })], 'EP-');
  assert.equal(
    plan.orders.map((o) => o.row),
    [1],
  );
  assert.equal(plan.skipped, [{ row: 2, key: 'ep-0008', reason: 'Order ep-0008 appears twice (row 1)' }]);
});

test('an order number no link could reach ("." or "..", control characters) is rejected', () => {
  const plan = planOrderImport(
    [
      order({ orderNumber: '.' }),
      order({ orderNumber: '..' }),
      order({ orderNumber: 'EP\n1' }),
      order({ orderNumber: '...' }),
    ],
    'EP-',
  );
  assert.equal(
    plan.orders.map((o) => o.row),
    [4],
  );
  assert.equal(plan.rejected, [
    { row: 1, field: 'orderNumber', message: 'Order number cannot be "." or ".."' },
    { row: 2, field: 'orderNumber', message: 'Order number cannot be "." or ".."' },
    { row: 3, field: 'orderNumber', message: 'Order number cannot contain control characters' },
  ]);
});

test('the same Squarespace order twice in one file is imported once', () => {
  const plan = planOrderImport(
    [
      order({ squarespaceOrderId: 'SQ-1' }),
      order({ squarespaceOrderId: 'SQ-1' }),
      order({ squarespaceOrderId: 'SQ-2' }),
    ],
    'EP-',
  );
  assert.equal(
    plan.orders.map((o) => o.row),
    [1, 3],
  );
  assert.is(plan.skipped[0]?.row, 2);
});

test('rows without a number or Squarespace id are the same order when every field is the same', () => {
  const plan = planOrderImport(
    [order(), order({ customerName: ' Jane Golfer ' }), order({ notes: 'Left-handed' }), order()],
    'EP-',
  );
  assert.equal(
    plan.orders.map((o) => o.row),
    [1, 3],
  );
  assert.equal(plan.skipped, [
    { row: 2, key: null, reason: 'The same order appears twice (row 1)' },
    { row: 4, key: null, reason: 'The same order appears twice (row 1)' },
  ]);
  assert.is(plan.orders[0]?.importKey, importKeyOf(plan.orders[0]!.request));
  assert.match(plan.orders[0]?.importKey ?? '', /^content:[0-9a-f]{64}$/);
});

test('a Squarespace id is the import key; a row with its own order number has none', () => {
  const plan = planOrderImport([order({ squarespaceOrderId: ' SQ-9 ' }), order({ orderNumber: 'EP-0009' })], 'EP-');
  assert.equal(
    plan.orders.map((o) => o.importKey),
    ['squarespace:SQ-9', null],
  );
});

test('numbers with the studio prefix are what the sequence must move past', () => {
  const plan = planOrderImport(
    [order({ orderNumber: 'EP-0042' }), order({ orderNumber: 'EP-0100' }), order({ orderNumber: 'LEGACY-9999' })],
    'EP-',
  );
  assert.equal(plan.sequenceNumbers, [42, 100]);
  assert.is(numberAfterPrefix('EP-12ab', 'EP-'), null);
  assert.is(numberAfterPrefix('ep-12', 'EP-'), null);
});

test.run();
