import { fieldLabel } from '@ot/contracts/audit/field-labels.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatValue, kindsOf, placedSummary } from './format-change.ts';

const items = new Map([['item-1', 'Driver']]);

test('field paths read in the studio words: item fields by item name, addresses part by part, emails', () => {
  assert.is(fieldLabel('customerName', items), 'Customer Name');
  assert.is(fieldLabel('items[item-1].status', items), 'Driver: Status');
  assert.is(fieldLabel('items[item-9].estimatedDelivery', items), 'Item: Estimated Delivery');
  assert.is(fieldLabel('shippingAddress.zipCode', items), 'Shipping Address: Postcode');
  assert.is(fieldLabel('emails[abc].status', items), 'Email delivery');
  assert.is(fieldLabel('eta', items), 'Estimated Delivery (For Whole Order)');
});

test('values in the screen formats: pounds from pence, dates, status names, yes/no, nothing as (none)', () => {
  assert.is(formatValue('total', 131400), '£1,314.00');
  assert.is(formatValue('items[item-1].price', 49900), '£499.00');
  assert.is(formatValue('estimatedDelivery', '2026-12-05'), 'Dec 05, 2026');
  assert.is(
    formatValue('items[item-1].status', 'order_arrived_awaiting_qc'),
    'Order Arrived at EP - Awaiting Quality Checks',
  );
  assert.is(formatValue('status', 'order_placed_with_manufacturer'), 'Order Placed With Manufacturer');
  assert.is(formatValue('emails[abc].status', 'sent'), 'Sent');
  assert.is(formatValue('allEtasAdded', true), 'Yes');
  assert.is(formatValue('fitterNotes', null), '(none)');
  assert.is(formatValue('trackingNumber', ''), '(none)');
});

test('each event is filed under the kinds of what it changed', () => {
  const kinds = (stream: string, type: string, fields: string[]) =>
    [...kindsOf({ stream, type, changes: fields.map((field) => ({ field })) })].sort();
  assert.equal(kinds('order-EP-1', 'ItemStatusChanged', ['items[item-1].status']), ['items']);
  assert.equal(kinds('order-EP-1', 'ShippingAddressChanged', ['shippingAddress.city']), ['customer']);
  assert.equal(kinds('order-EP-1', 'CustomerDetailsChanged', ['customerName', 'customerPhone']), ['customer']);
  assert.equal(kinds('order-EP-1', 'FitterNotesChanged', ['fitterNotes']), ['notes']);
  assert.equal(kinds('order-EP-1', 'CustomerNotificationRequested', ['emails[a].status']), ['emails']);
  assert.equal(kinds('email-a', 'EmailSent', ['emails[a].status']), ['emails']);
  assert.equal(kinds('order-EP-1', 'TrackingNumberAssigned', ['trackingNumber']), ['order']);
});

test('an order placed is summed up by its customer, status, total and items', () => {
  assert.equal(
    placedSummary(
      [
        { field: 'customerName', after: 'Jane Golfer' },
        { field: 'status', after: 'order_being_processed' },
        { field: 'total', after: 131400 },
        { field: 'fitterNotes', after: 'not in the summary' },
      ],
      items,
    ),
    ['Customer Name: Jane Golfer', 'Status: Order Being Processed', 'Total: £1,314.00', 'Items: Driver'],
  );
});

test.run();
