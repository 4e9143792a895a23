import type { Projection } from '../../runtime/projection.ts';

/**
 * Emails that failed and wait for an automatic retry. An email leaves the queue when it is sent, when
 * it fails for good (a rejection or its last attempt), or when an admin retries it now. Order number
 * and recipient come from the email log, which the email-events projection wrote before this one runs.
 */
export const emailRetryQueueProjection: Projection = {
  name: 'email-retry-queue',
  tables: [{ name: 'email_retry_queue', key: 'id' }],
  needs(event) {
    return event.type === 'EmailDeliveryFailed' ? [{ table: 'email_events', key: event.data.notificationId }] : [];
  },
  project(event, view) {
    switch (event.type) {
      case 'EmailDeliveryFailed': {
        const { notificationId: id, attempt, nextAttemptAt } = event.data;
        if (!nextAttemptAt) return [{ table: 'email_retry_queue', key: id, row: null }];
        const email = view.get('email_events', id);
        if (!email) return [];
        const row = {
          id,
          order_number: email.order_number,
          recipient_email: email.recipient_email,
          retry_count: attempt,
          next_attempt: nextAttemptAt,
        };
        return [{ table: 'email_retry_queue', key: id, row }];
      }
      case 'EmailSent':
      case 'EmailRetryRequested':
        return [{ table: 'email_retry_queue', key: event.data.notificationId, row: null }];
      default:
        return [];
    }
  },
};
