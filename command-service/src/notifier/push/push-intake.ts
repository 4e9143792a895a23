import { emailTypes } from '@ot/contracts/email/email-fields.ts';
import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import { outcomeStatement, type Statement, sql } from '../work-list.ts';
import { attentionReaders } from './attention-looks.ts';

/**
 * The push side of the notifier's intake. An order update's notification request is also one push
 * message per device the customer has then, unless they chose email only; a staff device's attention
 * request is one message to that device, while it belongs to staff; outcomes move each row.
 */
export function pushIntakeStatements(event: RecordedDomainEvent): Statement[] {
  switch (event.type) {
    case 'CustomerNotificationRequested': {
      // A resend or a test email is the staff's own act by email; only the update itself is pushed.
      if (event.data.emailType !== emailTypes.orderUpdate || !event.stream.startsWith(orderStreamPrefix)) return [];
      return [
        sql(
          `insert into push.deliveries
             (push_id, notification_id, order_number, content_version, subscription_id, request_event_id,
              correlation_id, state, attempt, next_attempt_at, requested_at)
           select $1 || '-' || s.id, $1, $2, $3, s.id, $4, $5, 'pending', 0, $6, $6
             from push.subscriptions s
             join auth.users u on u.id = s.user_id
             left join push.preferences p on p.user_id = s.user_id
            where lower(u.email) = lower($7) and u.role = 'customer' and coalesce(p.channels, 'both') <> 'email'
           on conflict (push_id) do nothing`,
          event.data.notificationId,
          event.stream.slice(orderStreamPrefix.length),
          event.version,
          event.id,
          event.metadata.correlationId,
          event.metadata.occurredAt,
          event.data.recipientEmail,
        ),
      ];
    }
    case 'AttentionPushRequested':
      // Only while the device is a staff user's: an endpoint that moved to a customer gets no staff news.
      return [
        sql(
          `insert into push.deliveries
             (push_id, notification_id, subscription_id, attention, request_event_id, correlation_id, state,
              attempt, next_attempt_at, requested_at)
           select $1, $1, s.id, $3::jsonb, $4, $5, 'pending', 0, $6, $6
             from push.subscriptions s
             join auth.users u on u.id = s.user_id
            where s.id = $2::uuid and u.role = any($7::text[])
           on conflict (push_id) do nothing`,
          event.data.pushId,
          event.data.subscriptionId,
          JSON.stringify({ count: event.data.count, entries: event.data.entries }),
          event.id,
          event.metadata.correlationId,
          event.metadata.occurredAt,
          attentionReaders(),
        ),
      ];
    case 'PushSent':
      return [
        outcomeStatement('push.deliveries', 'push_id', event.data.pushId, { sent: true, attempt: event.data.attempt }),
      ];
    case 'PushDeliveryFailed': {
      const { attempt, nextAttemptAt, error } = event.data;
      return [
        outcomeStatement('push.deliveries', 'push_id', event.data.pushId, {
          sent: false,
          attempt,
          nextAttemptAt,
          error,
        }),
      ];
    }
    default:
      return [];
  }
}
