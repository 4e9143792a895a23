import type { DeliveryState, EmailEvent } from '@ot/contracts/email/email-events.ts';
import { Conflict } from '@ot/contracts/errors/domain-errors.ts';

export interface RetryEmail {
  type: 'RetryEmail';
  notificationId: string;
  requestedBy: string;
}

/**
 * Only a failed email can be retried: one that failed for good gets a new round of attempts, one
 * waiting in the retry queue is tried now.
 */
export function decideRetryEmail(command: RetryEmail, state: DeliveryState): EmailEvent[] {
  switch (state) {
    case 'failed':
    case 'retrying':
      return [
        {
          type: 'EmailRetryRequested',
          data: { notificationId: command.notificationId, requestedBy: command.requestedBy },
        },
      ];
    case 'sent':
      throw new Conflict('This email was already sent. Use Resend to send it again.', 'EMAIL_ALREADY_SENT');
    case 'pending':
    case 'unrecorded':
      throw new Conflict(
        'This email is still waiting to be sent; only failed emails can be retried.',
        'EMAIL_NOT_FAILED',
      );
  }
}
