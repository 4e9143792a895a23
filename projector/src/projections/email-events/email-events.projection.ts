import { emailEventLimits, MAX_DELIVERY_ATTEMPTS } from '@ot/contracts/email/email-fields.ts';
import type { RecordedDomainEvent as RecordedOrderEvent } from '@ot/contracts/events/event-registry.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import { type Projection, type SqlStatement, sql } from '../../runtime/projection.ts';

type Recorded<T extends RecordedOrderEvent['type']> = Extract<RecordedOrderEvent, { type: T }>;

/** Which order a request is about: its own stream for the edit flow, the event's field for a resend. */
export function requestedOrderNumber(event: Recorded<'CustomerNotificationRequested'>): string | null {
  if (event.stream.startsWith(orderStreamPrefix)) return event.stream.slice(orderStreamPrefix.length);
  return event.data.orderNumber ?? null;
}

/** The log's notes: what an admin needs to read about a delivery, in the studio's words. */
export function deliveryNotes(event: RecordedOrderEvent): string | null {
  switch (event.type) {
    case 'CustomerNotificationRequested':
      return event.data.resendOf ? 'Resend of an earlier email.' : null;
    case 'EmailSent':
      if (event.data.possibleDuplicate) {
        return 'Sent again after the notifier restarted without knowing whether an earlier attempt had reached SendGrid: the customer may have received this email twice.';
      }
      return event.data.attempt > 1 ? `Delivered on attempt ${event.data.attempt} of ${MAX_DELIVERY_ATTEMPTS}.` : null;
    case 'EmailDeliveryFailed': {
      const { attempt, error, nextAttemptAt } = event.data;
      if (nextAttemptAt)
        return `Attempt ${attempt} of ${MAX_DELIVERY_ATTEMPTS} failed: ${error}. Retrying automatically.`;
      if (attempt >= MAX_DELIVERY_ATTEMPTS) return `Failed after ${attempt} attempts: ${error}`;
      return `Failed, not retried: ${error}`;
    }
    case 'EmailRetryRequested':
      return event.data.requestedBy ? `Retry requested by ${event.data.requestedBy}.` : 'Retry requested.';
    default:
      return null;
  }
}

const limited = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

function requested(event: Recorded<'CustomerNotificationRequested'>): SqlStatement {
  const { data, metadata } = event;
  const orderNumber = limited(requestedOrderNumber(event), emailEventLimits.orderNumber);
  const actor = metadata.actor;
  const adminUser = data.requestedBy ?? (actor.kind === 'admin' ? actor.name : null);
  // The order's status when the email was asked for (the orders projection ran first); a resend keeps its original's.
  return sql(
    `insert into rm.email_events
       (id, order_id, order_number, recipient_email, email_type, status, subject, sent_at, delivery_status,
        notes, admin_user, retry_count, next_attempt, resend_of, request_stream, requested_at, position)
     values ($1, (select order_id from rm.orders where order_number = $2), $2, $3, $4,
             left(coalesce((select status from rm.email_events where id = $5),
                           (select admin_status from rm.orders where order_number = $2)), ${emailEventLimits.status}),
             $6, $7, 'pending', $8, $9, 0, null, $5, $10, $7, $11)
     on conflict (id) do nothing`,
    data.notificationId,
    orderNumber,
    data.recipientEmail.slice(0, emailEventLimits.recipientEmail),
    data.emailType.slice(0, emailEventLimits.emailType),
    data.resendOf ?? null,
    data.subject ?? null,
    metadata.occurredAt,
    deliveryNotes(event),
    limited(adminUser, emailEventLimits.adminUser),
    event.stream,
    event.position,
  );
}

/**
 * The spec's email_events: one row per requested email, from its request (in the order's stream, or
 * in the email's own stream for test emails and resends) through each outcome the notifier records.
 */
export const emailEventsProjection: Projection = {
  name: 'email-events',
  tables: ['rm.email_events'],
  project(event) {
    switch (event.type) {
      case 'CustomerNotificationRequested':
        return [requested(event)];
      case 'EmailSent':
        return [
          sql(
            `update rm.email_events set delivery_status = 'sent', sent_at = $2, subject = coalesce($3, subject),
                    retry_count = $4, next_attempt = null, notes = coalesce($5, notes), possible_duplicate = $6
              where id = $1`,
            event.data.notificationId,
            event.metadata.occurredAt,
            event.data.subject ?? null,
            event.data.attempt - 1,
            deliveryNotes(event),
            event.data.possibleDuplicate === true,
          ),
        ];
      case 'EmailDeliveryFailed':
        return [
          sql(
            `update rm.email_events set delivery_status = 'failed', sent_at = $2, subject = coalesce($3, subject),
                    retry_count = $4, next_attempt = $5, notes = $6
              where id = $1`,
            event.data.notificationId,
            event.metadata.occurredAt,
            event.data.subject ?? null,
            event.data.attempt,
            event.data.nextAttemptAt,
            deliveryNotes(event),
          ),
        ];
      case 'EmailRetryRequested':
        // A retry of an email waiting in the queue brings its attempt forward; of a failed one, starts a new round.
        return [
          sql(
            `update rm.email_events set delivery_status = 'pending', notes = $2,
                    retry_count = case when next_attempt is null then 0 else retry_count end, next_attempt = null
              where id = $1 and delivery_status = 'failed'`,
            event.data.notificationId,
            deliveryNotes(event),
          ),
        ];
      default:
        return [];
    }
  },
};
