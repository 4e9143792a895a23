import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  itemStatuses,
  itemStatusRank,
  manufacturers,
  orderStatuses,
  statusLabel,
  statusNextStep,
  statusProgress,
  statusShortLabel,
} from './item-status.ts';

test('the five item statuses carry the spec labels, in order', () => {
  assert.equal(itemStatuses.map(statusLabel), [
    'Order Being Processed',
    'Order Placed With Manufacturer',
    'Order Arrived at EP - Awaiting Quality Checks',
    'Order Checked & Ready For Collection',
    'Order Collected/Shipped',
  ]);
});

test('progress is 20, 40, 70, 90, 100, and 100 for collected or shipped orders', () => {
  assert.equal(itemStatuses.map(statusProgress), [20, 40, 70, 90, 100]);
  assert.is(statusProgress('order_collected'), 100);
  assert.is(statusProgress('order_shipped'), 100);
});

test('short labels are the spec ones', () => {
  assert.equal(itemStatuses.map(statusShortLabel), [
    'Processing',
    'With Manufacturer',
    'Quality Check',
    'Ready for Collection',
    'Collected/Shipped',
  ]);
});

test('every status has a next step', () => {
  for (const status of [...itemStatuses, ...orderStatuses]) assert.ok(statusNextStep(status).length > 0, status);
});

test('the six order statuses include collected and shipped separately', () => {
  assert.equal(orderStatuses.slice(4), ['order_collected', 'order_shipped']);
  assert.is(statusLabel('order_collected'), 'Order Collected');
  assert.is(statusLabel('order_shipped'), 'Order Shipped');
});

test('an unknown status shows Unknown Status, even for inherited property names', () => {
  for (const status of ['nope', '', null, undefined, 'toString', '__proto__']) {
    assert.is(statusLabel(status), 'Unknown Status');
  }
});

test('item status ranks run 1 to 5', () => {
  assert.equal(itemStatuses.map(itemStatusRank), [1, 2, 3, 4, 5]);
});

test('the eight manufacturers of the spec', () => {
  assert.equal(
    [...manufacturers],
    ['Titleist', 'Mizuno', 'Srixon', 'TaylorMade', 'Cobra', 'Callaway', 'Ping', 'Cleveland'],
  );
});

test.run();
