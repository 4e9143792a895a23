import type pg from 'pg';
import { createWorkList, type WorkItem } from './work-list.ts';

/** A row of email.deliveries: one requested email as the notifier sees it. */
export interface Delivery extends WorkItem {
  notificationId: string;
  orderNumber: string | null;
  contentVersion: number | null;
  recipientEmail: string;
  emailType: string;
  subject: string | null;
  /** The email this one sends again, whose request carries its words. */
  resendOf: string | null;
  requestEventId: string;
  correlationId: string;
}

const columns = `notification_id as "notificationId", order_number as "orderNumber", content_version as "contentVersion",
  recipient_email as "recipientEmail", email_type as "emailType", subject, resend_of as "resendOf", request_event_id as "requestEventId",
  correlation_id as "correlationId", state, attempt, attempt_id as "attemptId", unknown_outcomes as "unknownOutcomes"`;

export function createDeliveries(pool: pg.Pool) {
  return {
    ...createWorkList<Delivery>(pool, 'email.deliveries', 'notification_id', columns),

    /**
     * The customer chose push only and this update went to at least one of their devices: the email is
     * not sent. Without a device to push to, the email still goes (they would hear nothing otherwise).
     */
    async pushedInstead(notificationId: string, recipientEmail: string): Promise<boolean> {
      const { rows } = await pool.query(
        `select 1 from push.preferences p join auth.users u on u.id = p.user_id
          where p.channels = 'push' and lower(u.email) = lower($2)
            and exists (select 1 from push.deliveries d where d.notification_id = $1)`,
        [notificationId, recipientEmail],
      );
      return rows.length > 0;
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
