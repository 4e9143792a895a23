import {
  parseDomainEvent as parseOrderEvent,
  type RecordedDomainEvent as RecordedOrderEvent,
} from '@ot/contracts/events/event-registry.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import type { RecordedEvent } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import { pushIntakeStatements } from './push/push-intake.ts';
import { outcomeStatement, type Statement, sql } from './work-list.ts';

/**
 * The notifier's fold of one event into email.deliveries, pure like a projection. Outcomes are applied
 * here too (not by the sender), so the rows are exactly what the events say, whatever crashed when.
 */
export function intakeStatements(event: RecordedOrderEvent): Statement[] {
  return [...emailIntakeStatements(event), ...pushIntakeStatements(event)];
}

function emailIntakeStatements(event: RecordedOrderEvent): Statement[] {
  switch (event.type) {
    case 'CustomerNotificationRequested': {
      const { data } = event;
      const inOrderStream = event.stream.startsWith(orderStreamPrefix);
      // A resend names its order; an older producer might not, so fall back to the original's row.
      return [
        sql(
          `insert into email.deliveries
             (notification_id, order_number, content_version, recipient_email, email_type, subject, resend_of,
              request_event_id, correlation_id, state, attempt, next_attempt_at, requested_at)
           values ($1,
                   coalesce($2, (select order_number from email.deliveries where notification_id = $7)),
                   coalesce($3, (select content_version from email.deliveries where notification_id = $7)),
                   $4, $5, $6, $7, $8, $9, 'pending', 0, $10, $10)
           on conflict (notification_id) do nothing`,
          data.notificationId,
          inOrderStream ? event.stream.slice(orderStreamPrefix.length) : (data.orderNumber ?? null),
          inOrderStream ? event.version : (data.orderVersion ?? null),
          data.recipientEmail,
          data.emailType,
          data.subject ?? null,
          data.resendOf ?? null,
          event.id,
          event.metadata.correlationId,
          event.metadata.occurredAt,
        ),
      ];
    }
    case 'EmailSent':
      return [
        outcomeStatement('email.deliveries', 'notification_id', event.data.notificationId, {
          sent: true,
          attempt: event.data.attempt,
        }),
      ];
    case 'EmailDeliveryFailed': {
      const { attempt, nextAttemptAt, error } = event.data;
      return [
        outcomeStatement('email.deliveries', 'notification_id', event.data.notificationId, {
          sent: false,
          attempt,
          nextAttemptAt,
          error,
        }),
      ];
    }
    case 'EmailRetryRequested':
      // Failed for good: a new round of attempts. Waiting in the queue: its next attempt is now.
      return [
        sql(
          `update email.deliveries
              set attempt = case when state = 'failed' then 0 else attempt end,
                  state = 'pending', next_attempt_at = $2, updated_at = now()
            where notification_id = $1 and state in ('failed', 'pending')`,
          event.data.notificationId,
          event.metadata.occurredAt,
        ),
      ];
    default:
      return [];
  }
}

/**
 * The event types `intakeStatements` folds in; every other event (an import's thousands of orders) is
 * passed over without being parsed, which spares the notifier's CPU for the rest of the stack.
 */
export const INTAKE_TYPES: ReadonlySet<string> = new Set<RecordedOrderEvent['type']>([
  'CustomerNotificationRequested',
  'EmailSent',
  'EmailDeliveryFailed',
  'EmailRetryRequested',
  'AttentionPushRequested',
  'PushSent',
  'PushDeliveryFailed',
]);

/**
 * Takes one batch into the work list; the follower (infra/src/follower) runs it in the transaction that
 * advances the notifier's checkpoint, so a request is on the work list exactly once, however the
 * process stops.
 */
export function applyIntake(logger: Logger) {
  return async (db: pg.PoolClient, batch: RecordedEvent[]): Promise<void> => {
    for (const recorded of batch) {
      if (!INTAKE_TYPES.has(recorded.type)) continue;
      let event: RecordedOrderEvent | null = null;
      try {
        event = parseOrderEvent(recorded);
      } catch (error) {
        logger.error(
          { err: error, eventId: recorded.id, type: recorded.type },
          'event does not match its schema; skipped',
        );
      }
      for (const statement of event ? intakeStatements(event) : []) await db.query(statement.text, statement.values);
    }
  };
}
