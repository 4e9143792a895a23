import { emailEventLimits, MAX_DELIVERY_ATTEMPTS } from '@ot/contracts/email/email-fields.ts';
import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import type { Change, Projection, ReadView, Row } from '../../runtime/projection.ts';

type Recorded<T extends RecordedDomainEvent['type']> = Extract<RecordedDomainEvent, { type: T }>;

/** Which order a request is about: its own stream for the edit flow, the event's field for a resend. */
export function requestedOrderNumber(event: Recorded<'CustomerNotificationRequested'>): string | null {
  if (event.stream.startsWith(orderStreamPrefix)) return event.stream.slice(orderStreamPrefix.length);
  return event.data.orderNumber ?? null;
}

/** The log's notes: what an admin needs to read about a delivery, in the studio's words. */
export function deliveryNotes(event: RecordedDomainEvent): string | null {
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

function requested(event: Recorded<'CustomerNotificationRequested'>, view: ReadView): Row | null {
  const { data, metadata } = event;
  if (view.get('email_events', data.notificationId)) return null;
  const orderNumber = limited(requestedOrderNumber(event), emailEventLimits.orderNumber);
  const order = orderNumber === null ? undefined : view.get('orders', orderNumber);
  const original = data.resendOf ? view.get('email_events', data.resendOf) : undefined;
  const actor = metadata.actor;
  const adminUser = data.requestedBy ?? (actor.kind === 'admin' ? actor.name : null);
  // The order's status when the email was asked for (the orders projection ran first); a resend keeps its original's.
  const status = (original?.status ?? order?.admin_status ?? null) as string | null;
  return {
    id: data.notificationId,
    order_id: order?.order_id ?? null,
    order_number: orderNumber,
    recipient_email: data.recipientEmail.slice(0, emailEventLimits.recipientEmail),
    email_type: data.emailType.slice(0, emailEventLimits.emailType),
    status: limited(status, emailEventLimits.status),
    subject: data.subject ?? null,
    sent_at: metadata.occurredAt,
    delivery_status: 'pending',
    notes: deliveryNotes(event),
    admin_user: limited(adminUser, emailEventLimits.adminUser),
    retry_count: 0,
    next_attempt: null,
    resend_of: data.resendOf ?? null,
    possible_duplicate: false,
    request_stream: event.stream,
    requested_at: metadata.occurredAt,
    position: event.position,
  };
}

/** The email's row after an outcome or a retry request; null when the event changes nothing. */
function outcome(event: RecordedDomainEvent, email: Row): Row | null {
  switch (event.type) {
    case 'EmailSent':
      return {
        delivery_status: 'sent',
        sent_at: event.metadata.occurredAt,
        subject: event.data.subject ?? email.subject,
        retry_count: event.data.attempt - 1,
        next_attempt: null,
        notes: deliveryNotes(event) ?? email.notes,
        possible_duplicate: event.data.possibleDuplicate === true,
      };
    case 'EmailDeliveryFailed':
      return {
        delivery_status: 'failed',
        sent_at: event.metadata.occurredAt,
        subject: event.data.subject ?? email.subject,
        retry_count: event.data.attempt,
        next_attempt: event.data.nextAttemptAt,
        notes: deliveryNotes(event),
      };
    case 'EmailRetryRequested':
      // A retry of an email waiting in the queue brings its attempt forward; of a failed one, starts a new round.
      if (email.delivery_status !== 'failed') return null;
      return {
        delivery_status: 'pending',
        notes: deliveryNotes(event),
        retry_count: email.next_attempt === null ? 0 : email.retry_count,
        next_attempt: null,
      };
    default:
      return null;
  }
}

/**
 * email_events, the email log: one row per requested email, from its request (in the order's stream, or
 * in the email's own stream for test emails and resends) through each outcome the notifier records.
 */
export const emailEventsProjection: Projection = {
  name: 'email-events',
  tables: [{ name: 'email_events', key: 'id' }],
  needs(event) {
    switch (event.type) {
      case 'CustomerNotificationRequested': {
        const orderNumber = limited(requestedOrderNumber(event), emailEventLimits.orderNumber);
        const { notificationId, resendOf } = event.data;
        return [
          { table: 'email_events', key: notificationId },
          ...(resendOf ? [{ table: 'email_events', key: resendOf }] : []),
          ...(orderNumber === null ? [] : [{ table: 'orders', key: orderNumber }]),
        ];
      }
      case 'EmailSent':
      case 'EmailDeliveryFailed':
      case 'EmailRetryRequested':
        return [{ table: 'email_events', key: event.data.notificationId }];
      default:
        return [];
    }
  },
  project(event, view): Change[] {
    if (event.type === 'CustomerNotificationRequested') {
      const row = requested(event, view);
      return row ? [{ table: 'email_events', key: event.data.notificationId, row }] : [];
    }
    if (event.type !== 'EmailSent' && event.type !== 'EmailDeliveryFailed' && event.type !== 'EmailRetryRequested')
      return [];
    const id = event.data.notificationId;
    const email = view.get('email_events', id);
    const row = email && outcome(event, email);
    return row ? [{ table: 'email_events', key: id, row }] : [];
  },
};
