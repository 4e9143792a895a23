import { type Projection, sql } from '../../runtime/projection.ts';

/**
 * Emails that failed and wait for an automatic retry. An email leaves the queue when it is sent, when
 * it fails for good (a rejection or its last attempt), or when an admin retries it now. Order number
 * and recipient come from the email log, which the email-events projection wrote before this one runs.
 */
export const emailRetryQueueProjection: Projection = {
  name: 'email-retry-queue',
  tables: ['rm.email_retry_queue'],
  project(event) {
    switch (event.type) {
      case 'EmailDeliveryFailed': {
        const { notificationId, attempt, nextAttemptAt } = event.data;
        if (!nextAttemptAt) return [sql('delete from rm.email_retry_queue where id = $1', notificationId)];
        return [
          sql(
            `insert into rm.email_retry_queue (id, order_number, recipient_email, retry_count, next_attempt)
             select id, order_number, recipient_email, $2, $3 from rm.email_events where id = $1
             on conflict (id) do update set retry_count = excluded.retry_count, next_attempt = excluded.next_attempt`,
            notificationId,
            attempt,
            nextAttemptAt,
          ),
        ];
      }
      case 'EmailSent':
      case 'EmailRetryRequested':
        return [sql('delete from rm.email_retry_queue where id = $1', event.data.notificationId)];
      default:
        return [];
    }
  },
};
