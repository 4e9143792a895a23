import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { z } from 'zod';
import { customerLoginSchema } from '../auth/auth-schemas.ts';
import { placeOrderSchema, updateOrderDetailsSchema, updateOrderItemSchema } from './order-commands.ts';
import { isIsoDate } from './order-fields.ts';

/** The message the API answers with for one field: the first issue on that path. */
function messageAt(schema: z.ZodType, input: unknown, path: string): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

const validOrder = {
  customerEmail: 'jane@example.com',
  customerName: 'Jane Golfer',
  orderDate: '2026-11-01',
  subtotal: 100,
  shipping: 0,
  tax: 0,
  total: 100,
  amountPaid: 0,
  amountRemaining: 100,
  items: [{ name: 'Driver', price: 100, quantity: 1 }],
};
const order = (overrides: Record<string, unknown>) => ({ ...validOrder, ...overrides });
const withItem = (overrides: Record<string, unknown>) => order({ items: [{ ...validOrder.items[0], ...overrides }] });

test('a complete add-order payload is valid', () => {
  assert.ok(placeOrderSchema.safeParse(validOrder).success);
});

test('add order: the spec messages for missing or empty required fields', () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ customerEmail: 'not-an-email' }, 'customerEmail', 'Invalid email address'],
    [{ customerEmail: undefined }, 'customerEmail', 'Invalid email address'],
    [{ customerName: '' }, 'customerName', 'Customer name is required'],
    [{ customerName: '   ' }, 'customerName', 'Customer name is required'],
    [{ customerName: undefined }, 'customerName', 'Customer name is required'],
    [{ orderDate: '' }, 'orderDate', 'Order date is required'],
    [{ orderDate: undefined }, 'orderDate', 'Order date is required'],
    [{ subtotal: undefined }, 'subtotal', 'Subtotal is required'],
    [{ subtotal: '' }, 'subtotal', 'Subtotal is required'],
    [{ shipping: undefined }, 'shipping', 'Shipping cost is required'],
    [{ total: null }, 'total', 'Total is required'],
    [{ amountPaid: undefined }, 'amountPaid', 'Amount paid is required'],
    [{ amountRemaining: undefined }, 'amountRemaining', 'Amount remaining is required'],
    [{ items: [] }, 'items', 'At least one item is required'],
    [{ items: undefined }, 'items', 'At least one item is required'],
  ];
  for (const [overrides, path, message] of cases) {
    assert.is(messageAt(placeOrderSchema, order(overrides), path), message, JSON.stringify(overrides));
  }
});

test('add order: a separate billing address needs name, line 1, city, state, zip code and country', () => {
  const billing = {
    name: 'Golf Club Ltd',
    address1: '2 Green Road',
    city: 'Troon',
    state: 'Ayrshire',
    zipCode: 'KA10 6AA',
    country: 'United Kingdom',
  };
  assert.ok(placeOrderSchema.safeParse(order({ sameBillingAddress: false, billingAddress: billing })).success);
  for (const field of Object.keys(billing)) {
    const input = order({ sameBillingAddress: false, billingAddress: { ...billing, [field]: '' } });
    assert.is(
      messageAt(placeOrderSchema, input, 'billingAddress.name'),
      'Billing address is required when not using the same shipping address',
      field,
    );
  }
  assert.is(
    messageAt(placeOrderSchema, order({ sameBillingAddress: false }), 'billingAddress.name'),
    'Billing address is required when not using the same shipping address',
  );
});

test('add order: the same billing address needs no billing fields', () => {
  assert.ok(placeOrderSchema.safeParse(order({ sameBillingAddress: true, billingAddress: null })).success);
});

test('add order: sameBillingAddress defaults to true, so a spec-shaped payload without it needs no billing fields', () => {
  const payload = order({
    billingAddress: { name: 'Jane Golfer', address1: '1 Fairway', city: 'Troon', state: '', zipCode: '', country: '' },
  });
  assert.not.ok('sameBillingAddress' in payload);
  assert.ok(placeOrderSchema.safeParse(payload).success);
});

test('add order: item messages', () => {
  assert.is(messageAt(placeOrderSchema, withItem({ name: '' }), 'items.0.name'), 'Item name is required');
  assert.is(messageAt(placeOrderSchema, withItem({ price: undefined }), 'items.0.price'), 'Price is required');
  assert.is(messageAt(placeOrderSchema, withItem({ quantity: undefined }), 'items.0.quantity'), 'Quantity is required');
  // An emptied field arrives as '' from a form: as missing as a price left empty.
  assert.is(messageAt(placeOrderSchema, withItem({ price: '' }), 'items.0.price'), 'Price is required');
  assert.is(messageAt(placeOrderSchema, withItem({ quantity: '' }), 'items.0.quantity'), 'Quantity is required');
  assert.is(
    messageAt(placeOrderSchema, withItem({ manufacturer: 'Acme' }), 'items.0.manufacturer'),
    'Manufacturer must be one of Titleist, Mizuno, Srixon, TaylorMade, Cobra, Callaway, Ping, Cleveland',
  );
  assert.is(
    messageAt(placeOrderSchema, withItem({ status: 'order_shipped' }), 'items.0.status'),
    'Invalid item status',
  );
});

test('add order: every manufacturer and every item status is accepted on an item', () => {
  for (const manufacturer of ['Titleist', 'Mizuno', 'Srixon', 'TaylorMade', 'Cobra', 'Callaway', 'Ping', 'Cleveland']) {
    assert.ok(placeOrderSchema.safeParse(withItem({ manufacturer })).success, manufacturer);
  }
  for (const status of [
    'order_being_processed',
    'order_placed_with_manufacturer',
    'order_arrived_awaiting_qc',
    'order_checked_ready_for_collection',
    'order_collected_shipped',
  ]) {
    assert.ok(placeOrderSchema.safeParse(withItem({ status })).success, status);
  }
});

test('add order: money is whole pence', () => {
  assert.is(messageAt(placeOrderSchema, order({ subtotal: 10.5 }), 'subtotal'), 'Amounts must be whole pence');
  assert.is(messageAt(placeOrderSchema, order({ subtotal: -1 }), 'subtotal'), 'Amounts cannot be negative');
  assert.is(messageAt(placeOrderSchema, order({ subtotal: '12' }), 'subtotal'), 'Amounts must be numbers of pence');
});

test('status update: status is required and one of the six order statuses', () => {
  assert.is(messageAt(updateOrderDetailsSchema, {}, 'status'), 'Required');
  assert.is(messageAt(updateOrderDetailsSchema, { status: 'order_collected_shipped' }, 'status'), 'Invalid input');
  for (const status of [
    'order_being_processed',
    'order_placed_with_manufacturer',
    'order_arrived_awaiting_qc',
    'order_checked_ready_for_collection',
    'order_collected',
    'order_shipped',
  ]) {
    assert.ok(updateOrderDetailsSchema.safeParse({ status }).success, status);
  }
});

test('status update: the generic messages Invalid email and Invalid input', () => {
  const base = { status: 'order_shipped' };
  assert.is(messageAt(updateOrderDetailsSchema, { ...base, customerEmail: 'nope' }, 'customerEmail'), 'Invalid email');
  for (const field of [
    'trackingNumber',
    'customerNotes',
    'fitterNotes',
    'customerPhone',
    'shippingCity',
    'billingName',
  ]) {
    assert.is(messageAt(updateOrderDetailsSchema, { ...base, [field]: 42 }, field), 'Invalid input', field);
  }
  assert.is(messageAt(updateOrderDetailsSchema, { ...base, notifyCustomer: 'yes' }, 'notifyCustomer'), 'Invalid input');
});

test('status update: the customer name cannot be emptied', () => {
  assert.is(
    messageAt(updateOrderDetailsSchema, { status: 'order_shipped', customerName: ' ' }, 'customerName'),
    'Customer name is required',
  );
});

test('status update: an empty string is allowed wherever a field may be cleared', () => {
  const cleared = {
    status: 'order_shipped',
    trackingNumber: '',
    estimatedDelivery: '',
    notes: '',
    fitterNotes: '',
    documentUrl: '',
    customerPhone: '',
    shippingAddress2: '',
  };
  assert.ok(updateOrderDetailsSchema.safeParse(cleared).success);
});

test('item update: status one of the five, manufacturer one of the eight, a real date', () => {
  assert.is(messageAt(updateOrderItemSchema, { status: 'order_shipped' }, 'status'), 'Invalid item status');
  assert.is(
    messageAt(updateOrderItemSchema, { manufacturer: 'Acme' }, 'manufacturer'),
    'Manufacturer must be one of Titleist, Mizuno, Srixon, TaylorMade, Cobra, Callaway, Ping, Cleveland',
  );
  assert.is(messageAt(updateOrderItemSchema, { estimatedDelivery: '2026-02-30' }, 'estimatedDelivery'), 'Invalid date');
  assert.ok(updateOrderItemSchema.safeParse({ estimatedDelivery: '', manufacturer: '' }).success);
});

test('customer login: a valid email and a required order number', () => {
  assert.is(messageAt(customerLoginSchema, { email: 'x', orderNumber: 'EP-0001' }, 'email'), 'Invalid email');
  assert.is(messageAt(customerLoginSchema, { email: 'a@b.co' }, 'orderNumber'), 'Required');
});

test('dates are real calendar days, as a date or a full ISO timestamp', () => {
  for (const valid of [
    '2024-02-29',
    '2026-12-31',
    '2026-03-05T14:30:00Z',
    '2026-03-05T14:30:00.123+01:00',
    '2026-03-05T14:30',
  ]) {
    assert.ok(isIsoDate(valid), valid);
  }
  for (const invalid of [
    '2023-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-1-5',
    '05/03/2026',
    '2026-03-05T25:00',
    '',
    'today',
  ]) {
    assert.not.ok(isIsoDate(invalid), invalid);
  }
});

test.run();
