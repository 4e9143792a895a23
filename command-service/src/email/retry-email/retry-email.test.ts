import { deliveryStateOf, type EmailEvent, evolve, initialDeliveryState } from '@ot/contracts/email/email-events.ts';
import { Conflict } from '@ot/contracts/errors/domain-errors.ts';
import { givenWhenThen } from '@ot/infra/testing/given-when-then.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideRetryEmail, type RetryEmail } from './retry-email.ts';

const retry: RetryEmail = { type: 'RetryEmail', notificationId: 'n-1', requestedBy: 'studio.admin' };
const failed = (nextAttemptAt: string | null): EmailEvent => ({
  type: 'EmailDeliveryFailed',
  data: { notificationId: 'n-1', attempt: 1, error: 'SendGrid answered 500', nextAttemptAt },
});
const sent: EmailEvent = { type: 'EmailSent', data: { notificationId: 'n-1', attempt: 1 } };

const { given } = givenWhenThen({ initialState: initialDeliveryState, evolve });

test('given an email that failed for good, when an admin retries it, then a retry is requested', () => {
  given(failed(null))
    .when(decideRetryEmail, retry)
    .thenAppends([{ type: 'EmailRetryRequested', data: { notificationId: 'n-1', requestedBy: 'studio.admin' } }]);
});

test('given an email waiting in the retry queue, when an admin retries it, then it is tried now', () => {
  const queued = given(failed('2026-11-22T10:00:00Z'));
  assert.is(queued.state, 'retrying');
  queued.when(decideRetryEmail, retry).thenTypes(['EmailRetryRequested']);
});

test('a sent email cannot be retried (Resend is for that)', () => {
  given(failed('2026-11-22T10:00:00Z'), sent)
    .when(decideRetryEmail, retry)
    .thenFails(Conflict, 'This email was already sent. Use Resend to send it again.');
});

test('an email still waiting for its first attempt, or already retried, cannot be retried again', () => {
  for (const events of [
    [],
    [failed(null), { type: 'EmailRetryRequested', data: { notificationId: 'n-1', requestedBy: null } }],
  ] as EmailEvent[][]) {
    given(...events)
      .when(decideRetryEmail, retry)
      .thenFails(Conflict, 'This email is still waiting to be sent; only failed emails can be retried.');
  }
});

test('the delivery fold: each outcome says where the email stands', () => {
  assert.is(deliveryStateOf([]), 'unrecorded');
  assert.is(deliveryStateOf([failed('2026-11-22T10:00:00Z')]), 'retrying');
  assert.is(deliveryStateOf([failed(null)]), 'failed');
  assert.is(deliveryStateOf([failed(null), sent]), 'sent');
});

test.run();
