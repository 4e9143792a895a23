import { deliveryStateOf, type EmailEvent } from '@ot/contracts/email/email-events.ts';
import { HttpError } from '@ot/infra/http/errors.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideRetryEmail, type RetryEmail } from './retry-email.ts';

const retry: RetryEmail = { type: 'RetryEmail', notificationId: 'n-1', requestedBy: 'studio.admin' };
const failed = (nextAttemptAt: string | null): EmailEvent => ({
  type: 'EmailDeliveryFailed',
  data: { notificationId: 'n-1', attempt: 1, error: 'SendGrid answered 500', nextAttemptAt },
});
const sent: EmailEvent = { type: 'EmailSent', data: { notificationId: 'n-1', attempt: 1 } };

const conflictMessage = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    assert.ok(error instanceof HttpError);
    assert.is(error.status, 409);
    return error.message;
  }
};

test('given an email that failed for good, when an admin retries it, then a retry is requested', () => {
  const state = deliveryStateOf([failed(null)]);
  assert.equal(decideRetryEmail(retry, state), [
    { type: 'EmailRetryRequested', data: { notificationId: 'n-1', requestedBy: 'studio.admin' } },
  ]);
});

test('given an email waiting in the retry queue, when an admin retries it, then it is tried now', () => {
  const state = deliveryStateOf([failed('2026-11-22T10:00:00Z')]);
  assert.is(state, 'retrying');
  assert.is(decideRetryEmail(retry, state)[0]?.type, 'EmailRetryRequested');
});

test('a sent email cannot be retried (Resend is for that)', () => {
  assert.is(
    conflictMessage(() => decideRetryEmail(retry, deliveryStateOf([failed('2026-11-22T10:00:00Z'), sent]))),
    'This email was already sent. Use Resend to send it again.',
  );
});

test('an email still waiting for its first attempt, or already retried, cannot be retried again', () => {
  for (const events of [
    [],
    [failed(null), { type: 'EmailRetryRequested', data: { notificationId: 'n-1', requestedBy: null } }],
  ] as EmailEvent[][]) {
    assert.is(
      conflictMessage(() => decideRetryEmail(retry, deliveryStateOf(events))),
      'This email is still waiting to be sent; only failed emails can be retried.',
    );
  }
});

test.run();
