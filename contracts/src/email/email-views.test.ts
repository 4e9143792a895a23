import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emailEventsQuerySchema, emailStatsQuerySchema, testEmailRequestSchema } from './email-views.ts';

test('the email log query defaults to page 1 of 25, every status', () => {
  assert.equal(emailEventsQuerySchema.parse({}), { page: 1, limit: 25 });
});

test("'all' and blank filters mean no filter", () => {
  const query = emailEventsQuerySchema.parse({ deliveryStatus: 'all', orderNumber: ' ', recipient: '' });
  assert.equal([query.deliveryStatus, query.orderNumber, query.recipient], [undefined, undefined, undefined]);
});

test('page sizes are 10, 25, 50 or 100 only; pages start at 1', () => {
  for (const limit of ['10', '25', '50', '100']) assert.ok(emailEventsQuerySchema.safeParse({ limit }).success);
  for (const query of [{ limit: '20' }, { limit: '0' }, { page: '0' }, { page: '1.5' }, { page: 'x' }]) {
    assert.not.ok(emailEventsQuerySchema.safeParse(query).success, JSON.stringify(query));
  }
});

test('delivery status is one of sent, failed, pending', () => {
  assert.is(emailEventsQuerySchema.parse({ deliveryStatus: 'failed' }).deliveryStatus, 'failed');
  assert.not.ok(emailEventsQuerySchema.safeParse({ deliveryStatus: 'bounced' }).success);
});

test('filters respect the log field lengths (order number 100, recipient 255)', () => {
  assert.not.ok(emailEventsQuerySchema.safeParse({ orderNumber: 'x'.repeat(101) }).success);
  assert.not.ok(emailEventsQuerySchema.safeParse({ recipient: 'x'.repeat(256) }).success);
});

test('stats default to the last 30 days', () => {
  assert.equal(emailStatsQuerySchema.parse({}), { days: 30 });
  assert.not.ok(emailStatsQuerySchema.safeParse({ days: '0' }).success);
});

test('a test email needs a valid address', () => {
  assert.is(testEmailRequestSchema.parse({ email: ' me@example.com ' }).email, 'me@example.com');
  const invalid = testEmailRequestSchema.safeParse({ email: 'nope' });
  assert.is(invalid.error?.issues[0]?.message, 'Invalid email');
  assert.is(testEmailRequestSchema.safeParse({}).error?.issues[0]?.message, 'Email is required');
});

test.run();
