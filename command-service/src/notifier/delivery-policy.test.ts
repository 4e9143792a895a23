import type { SendResult } from '@ot/infra/email/email-transport.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type Attempt,
  backoffMs,
  decideOutcome,
  isRetryable,
  MAX_RATE_LIMIT_WAIT_MS,
  nextAttemptAt,
  rateLimitWaitMs,
} from './delivery-policy.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const attempt = (n: number, overrides: Partial<Attempt> = {}): Attempt => ({
  notificationId: 'n-1',
  attempt: n,
  subject: 'Order EP-0001 update',
  possibleDuplicate: false,
  now,
  retryBaseMs: 1000,
  random: () => 1,
  ...overrides,
});
const http = (status: number, headers: Record<string, string> = {}): SendResult => ({
  ok: false,
  failure: { kind: 'http', status, message: `SendGrid answered ${status}`, headers },
});
const inMs = (iso: string | null) => (iso ? Date.parse(iso) - now.getTime() : null);

test('an accepted email is recorded as sent, with its attempt and subject', () => {
  const outcome = decideOutcome(attempt(2), { ok: true, providerMessageId: 'msg-1' });
  assert.equal(outcome, {
    type: 'EmailSent',
    data: { notificationId: 'n-1', attempt: 2, providerMessageId: 'msg-1', subject: 'Order EP-0001 update' },
  });
});

test('a send after a lost outcome is marked as a possible duplicate', () => {
  const outcome = decideOutcome(attempt(1, { possibleDuplicate: true }), { ok: true, providerMessageId: null });
  assert.is(outcome.type === 'EmailSent' && outcome.data.possibleDuplicate, true);
});

test('429, 5xx, network errors and timeouts are retried; other 4xx are not', () => {
  for (const status of [429, 500, 502, 503]) assert.ok(isRetryable({ kind: 'http', status, message: '', headers: {} }));
  for (const status of [400, 401, 403, 404, 408, 413]) {
    assert.not.ok(isRetryable({ kind: 'http', status, message: '', headers: {} }), String(status));
  }
  assert.ok(isRetryable({ kind: 'network', message: 'ECONNREFUSED' }));
  assert.ok(isRetryable({ kind: 'timeout', message: 'no answer' }));
  assert.not.ok(isRetryable({ kind: 'invalid', message: 'no recipient' }));
});

test('a retryable failure on attempts 1 and 2 schedules the next; the third failure is final', () => {
  const first = decideOutcome(attempt(1), http(500));
  const second = decideOutcome(attempt(2), http(503));
  const third = decideOutcome(attempt(3), http(500));
  assert.is(first.type, 'EmailDeliveryFailed');
  assert.is(first.type === 'EmailDeliveryFailed' && inMs(first.data.nextAttemptAt), 1000);
  assert.is(second.type === 'EmailDeliveryFailed' && inMs(second.data.nextAttemptAt), 2000);
  assert.is(third.type === 'EmailDeliveryFailed' && third.data.nextAttemptAt, null);
});

test('a 400 fails at once, never scheduled again', () => {
  const outcome = decideOutcome(attempt(1), http(400));
  assert.equal(outcome, {
    type: 'EmailDeliveryFailed',
    data: {
      notificationId: 'n-1',
      attempt: 1,
      error: 'SendGrid answered 400',
      nextAttemptAt: null,
      subject: 'Order EP-0001 update',
    },
  });
});

test('backoff doubles per attempt and its jitter keeps it between half and all of the ceiling', () => {
  assert.is(
    backoffMs(1, 1000, () => 0),
    500,
  );
  assert.is(
    backoffMs(1, 1000, () => 1),
    1000,
  );
  assert.is(
    backoffMs(2, 1000, () => 0.5),
    1500,
  );
  assert.is(
    backoffMs(3, 1000, () => 1),
    4000,
  );
});

test('a 429 waits for X-RateLimit-Reset when that is later than the backoff', () => {
  const reset = String(now.getTime() / 1000 + 30);
  const outcome = decideOutcome(attempt(1), http(429, { 'x-ratelimit-reset': reset }));
  assert.is(outcome.type === 'EmailDeliveryFailed' && inMs(outcome.data.nextAttemptAt), 30_000);
});

test('a 429 honours Retry-After in seconds or as a date, and never waits less than the backoff', () => {
  assert.is(rateLimitWaitMs({ 'retry-after': '12' }, now), 12_000);
  assert.is(rateLimitWaitMs({ 'retry-after': 'Sun, 22 Nov 2026 10:01:00 GMT' }, now), 60_000);
  assert.is(rateLimitWaitMs({}, now), null);
  assert.is(rateLimitWaitMs({ 'x-ratelimit-reset': String(now.getTime() / 1000 - 5) }, now), 0);
  const soon = decideOutcome(attempt(1), http(429, { 'retry-after': '0' }));
  assert.is(soon.type === 'EmailDeliveryFailed' && inMs(soon.data.nextAttemptAt), 1000);
});

test('X-RateLimit-Reset is read as Unix seconds, Unix milliseconds or seconds from now, whichever it can be', () => {
  assert.is(rateLimitWaitMs({ 'x-ratelimit-reset': String(now.getTime() / 1000 + 3) }, now), 3000);
  assert.is(rateLimitWaitMs({ 'x-ratelimit-reset': String(now.getTime() + 3000) }, now), 3000);
  assert.is(rateLimitWaitMs({ 'x-ratelimit-reset': '3' }, now), 3000);
});

test('a 429 asking for an absurd wait holds an email an hour at most', () => {
  assert.is(rateLimitWaitMs({ 'retry-after': String(30 * 24 * 3600) }, now), MAX_RATE_LIMIT_WAIT_MS);
  assert.is(rateLimitWaitMs({ 'x-ratelimit-reset': '99999999999999999' }, now), MAX_RATE_LIMIT_WAIT_MS);
  const outcome = decideOutcome(attempt(1), http(429, { 'retry-after': '1e300' }));
  assert.is(outcome.type === 'EmailDeliveryFailed' && inMs(outcome.data.nextAttemptAt), MAX_RATE_LIMIT_WAIT_MS);
});

test('push services: 429 and 5xx are tried again (Retry-After obeyed), 404, 410, 413 and other 4xx never', () => {
  const failure = (status: number, headers: Record<string, string> = {}) => ({
    kind: 'http' as const,
    status,
    message: `The push service answered ${status}`,
    headers,
  });
  assert.is(inMs(nextAttemptAt(attempt(1), failure(500))), 1000);
  assert.is(inMs(nextAttemptAt(attempt(2), failure(503))), 2000);
  assert.is(inMs(nextAttemptAt(attempt(1), failure(429, { 'retry-after': '30' }))), 30_000);
  assert.is(inMs(nextAttemptAt(attempt(1), failure(429))), 1000);
  for (const status of [400, 401, 403, 404, 410, 413])
    assert.is(nextAttemptAt(attempt(1), failure(status)), null, String(status));
  assert.is(nextAttemptAt(attempt(3), failure(500)), null, 'the third attempt is the last');
  assert.ok(nextAttemptAt(attempt(1), { kind: 'timeout', message: 'no answer' }));
});

test.run();
