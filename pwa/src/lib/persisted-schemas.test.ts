import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminKeys } from '../features/admin-orders/api/admin-order-queries.ts';
import { auditKeys } from '../features/audit/api/audit-queries.ts';
import { emailLogKeys } from '../features/email-logs/api/email-log-queries.ts';
import { orderKeys } from '../features/orders/api/order-queries.ts';
import { persistedSchemaFor as customerSchemaFor } from './persisted-customer-schemas.ts';
import { persistedSchemaFor } from './persisted-schemas.ts';
import { sessionQueryKey } from './query-client.ts';

const emailFilters = { orderNumber: '', recipient: '', deliveryStatus: 'all' as const, page: 1, limit: 25 };
const adminFilters = { tab: 'active' as const, search: '', status: 'all' };

/** The screens a customer reads. */
const customerScreens = [
  sessionQueryKey,
  ['config'],
  orderKeys.customerList(),
  orderKeys.detail('EP-0001'),
  orderKeys.items('EP-0001'),
  orderKeys.timeline('EP-0001'),
];

test('every screen a customer or an admin reads is kept on the device, each with its schema', () => {
  const kept = [
    ...customerScreens,
    adminKeys.ordersPages(adminFilters),
    adminKeys.order('EP-0001'),
    adminKeys.nextOrderNumber(),
    emailLogKeys.events(emailFilters),
    emailLogKeys.stats(30),
    emailLogKeys.retryQueue(),
    auditKeys.events('EP-0001'),
    auditKeys.asOf('EP-0001', 3),
    auditKeys.asOf('EP-0001', 'now'),
    auditKeys.verify(),
  ];
  for (const key of kept) assert.ok(persistedSchemaFor(key), JSON.stringify(key));
});

test('a search as it is typed is not kept, nor a key longer or shorter than a kept one', () => {
  assert.is(persistedSchemaFor(adminKeys.customers('jan')), undefined);
  assert.is(persistedSchemaFor([...orderKeys.items('EP-0001'), 'extra']), undefined);
  assert.is(persistedSchemaFor(['orders', 'detail']), undefined);
});

test('what comes back from the device is parsed like an answer: data that no longer fits is refused', () => {
  const detail = persistedSchemaFor(orderKeys.detail('EP-0001'));
  assert.not.ok(detail?.safeParse({ orderNumber: 'EP-0001' }).success);
  assert.not.ok(persistedSchemaFor(emailLogKeys.retryQueue())?.safeParse([{ id: 1 }]).success);
  assert.ok(persistedSchemaFor(sessionQueryKey)?.safeParse(null).success);
});

test("a customer's device parses its screens with the customer schemas alone, the same schemas as staff's", () => {
  for (const key of customerScreens) {
    assert.ok(customerSchemaFor(key), JSON.stringify(key));
    assert.is(customerSchemaFor(key), persistedSchemaFor(key), JSON.stringify(key));
  }
  assert.is(customerSchemaFor(adminKeys.nextOrderNumber()), undefined);
  assert.is(customerSchemaFor(emailLogKeys.retryQueue()), undefined);
  assert.is(customerSchemaFor(auditKeys.verify()), undefined);
});

test.run();
