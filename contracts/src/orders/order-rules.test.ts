import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ItemStatus, itemStatuses, itemStatusRank } from './item-status.ts';
import {
  adminOrderStatus,
  allEtasAdded,
  compareForCustomer,
  formatOrderNumber,
  isOrderComplete,
  isOrderOverdue,
  orderAmounts,
  orderEta,
} from './order-rules.ts';

const items = (...statuses: ItemStatus[]) => statuses.map((status) => ({ status, estimatedDelivery: null }));
const withEtas = (...etas: (string | null)[]) =>
  etas.map((estimatedDelivery) => ({ status: 'order_placed_with_manufacturer' as ItemStatus, estimatedDelivery }));
const anyItems = fc.array(
  fc.record({
    status: fc.constantFrom(...itemStatuses),
    estimatedDelivery: fc.option(fc.constantFrom('2026-01-10', '2026-02-01', '2026-03-15'), { nil: null }),
  }),
  { maxLength: 6 },
);

test('admin status is the least advanced item status', () => {
  assert.is(
    adminOrderStatus(
      items('order_collected_shipped', 'order_arrived_awaiting_qc', 'order_checked_ready_for_collection'),
    ),
    'order_arrived_awaiting_qc',
  );
  assert.is(adminOrderStatus(items('order_collected_shipped')), 'order_collected_shipped');
});

test('an order without items is being processed', () => {
  assert.is(adminOrderStatus([]), 'order_being_processed');
});

test('admin status never ranks above any of the items', () => {
  fc.assert(
    fc.property(anyItems, (list) => {
      const rank = itemStatusRank(adminOrderStatus(list));
      return (
        list.every((item) => rank <= itemStatusRank(item.status)) &&
        (list.length === 0 || list.some((item) => itemStatusRank(item.status) === rank))
      );
    }),
  );
});

test('an order is complete when it has items and every one is collected/shipped', () => {
  assert.ok(isOrderComplete(items('order_collected_shipped', 'order_collected_shipped')));
  assert.not.ok(isOrderComplete(items('order_collected_shipped', 'order_checked_ready_for_collection')));
  assert.not.ok(isOrderComplete([]));
});

test('ALL ETAs ADDED needs an ETA on every item, and is a cross when there are no items', () => {
  assert.ok(allEtasAdded(withEtas('2026-01-10', '2026-02-01')));
  assert.not.ok(allEtasAdded(withEtas('2026-01-10', null)));
  assert.not.ok(allEtasAdded(withEtas('2026-01-10', '')));
  assert.not.ok(allEtasAdded([]));
});

test("the order's ETA is its own estimate, else the latest item ETA once every item has one", () => {
  assert.is(orderEta({ estimatedDelivery: '2026-05-01', items: withEtas('2026-06-01') }), '2026-05-01');
  assert.is(
    orderEta({ estimatedDelivery: null, items: withEtas('2026-01-10', '2026-03-15', '2026-02-01') }),
    '2026-03-15',
  );
  assert.is(orderEta({ estimatedDelivery: null, items: withEtas('2026-01-10', null) }), null);
  assert.is(orderEta({ estimatedDelivery: null, items: [] }), null);
});

test('an order placed with the manufacturer whose ETA has passed is overdue', () => {
  const order = { estimatedDelivery: '2026-01-10', items: withEtas('2026-01-10') };
  assert.ok(isOrderOverdue(order, '2026-01-11T09:00:00.000Z'));
});

test('an ETA of today is not yet overdue', () => {
  const order = { estimatedDelivery: '2026-01-10', items: withEtas('2026-01-10') };
  assert.not.ok(isOrderOverdue(order, '2026-01-10T23:00:00.000Z'));
});

test('an order at any other stage is never overdue', () => {
  for (const status of itemStatuses.filter((s) => s !== 'order_placed_with_manufacturer')) {
    const order = { estimatedDelivery: '2020-01-01', items: [{ status, estimatedDelivery: '2020-01-01' }] };
    assert.not.ok(isOrderOverdue(order, '2026-01-11'), status);
  }
});

test('an order without an ETA is never overdue', () => {
  assert.not.ok(isOrderOverdue({ estimatedDelivery: null, items: withEtas(null) }, '2026-01-11'));
});

test('a complete order is never overdue', () => {
  fc.assert(
    fc.property(anyItems, fc.constantFrom('2020-01-01', '2030-01-01', null), (list, eta) =>
      isOrderComplete(list) ? !isOrderOverdue({ estimatedDelivery: eta, items: list }, '2026-06-01') : true,
    ),
  );
});

test('customers see open orders before complete ones, newest first within each group', () => {
  const order = (orderNumber: string, orderDate: string, ...statuses: ItemStatus[]) => ({
    orderNumber,
    orderDate,
    items: items(...statuses),
  });
  const sorted = [
    order('EP-0001', '2026-01-01', 'order_collected_shipped'),
    order('EP-0002', '2026-02-01', 'order_being_processed'),
    order('EP-0003', '2026-03-01', 'order_collected_shipped'),
    order('EP-0004', '2026-01-15', 'order_collected_shipped', 'order_arrived_awaiting_qc'),
    order('EP-0005', '2026-02-01', 'order_being_processed'),
  ].sort(compareForCustomer);
  assert.equal(
    sorted.map((o) => o.orderNumber),
    ['EP-0005', 'EP-0002', 'EP-0004', 'EP-0003', 'EP-0001'],
  );
});

test('the customer sort never puts a complete order before an open one', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          orderNumber: fc.string(),
          orderDate: fc.constantFrom('2026-01-01', '2026-02-01'),
          items: anyItems,
        }),
      ),
      (orders) => {
        const complete = [...orders].sort(compareForCustomer).map((o) => isOrderComplete(o.items));
        return complete.every((done, index) => !done || complete.slice(index).every(Boolean));
      },
    ),
  );
});

test('order numbers are the prefix and a sequence padded to four digits', () => {
  assert.is(formatOrderNumber('EP-', 1), 'EP-0001');
  assert.is(formatOrderNumber('EP-', 12345), 'EP-12345');
});

test('total is subtotal + shipping + tax; what remains is never below zero', () => {
  fc.assert(
    fc.property(
      fc.nat(10_000_000),
      fc.nat(100_000),
      fc.nat(100_000),
      fc.nat(20_000_000),
      (subtotal, shipping, tax, paid) => {
        const { total, amountRemaining } = orderAmounts({ subtotal, shipping, tax, amountPaid: paid });
        assert.is(total, subtotal + shipping + tax);
        assert.is(amountRemaining, Math.max(0, total - paid));
        assert.ok(amountRemaining >= 0);
      },
    ),
  );
});

test.run();
