import type pg from 'pg';

/** A row of email.deliveries: one requested email as the notifier sees it. */
export interface Delivery {
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
  state: 'pending' | 'sending' | 'sent' | 'failed';
  attempt: number;
  attemptId: string | null;
  unknownOutcomes: number;
}

const columns = `notification_id as "notificationId", order_number as "orderNumber", content_version as "contentVersion",
  recipient_email as "recipientEmail", email_type as "emailType", subject, resend_of as "resendOf", request_event_id as "requestEventId",
  correlation_id as "correlationId", state, attempt, attempt_id as "attemptId", unknown_outcomes as "unknownOutcomes"`;

export function createDeliveries(pool: pg.Pool) {
  return {
    /** The email whose turn it is: due the longest. */
    async nextDue(now: Date): Promise<Delivery | null> {
      const { rows } = await pool.query<Delivery>(
        `select ${columns} from email.deliveries where state = 'pending' and next_attempt_at <= $1
          order by next_attempt_at, requested_at limit 1`,
        [now],
      );
      return rows[0] ?? null;
    },

    /** When the next waiting email falls due (null: none waits). */
    async nextDueAt(): Promise<Date | null> {
      const { rows } = await pool.query<{ at: Date | null }>(
        `select min(next_attempt_at) as at from email.deliveries where state = 'pending'`,
      );
      return rows[0]?.at ?? null;
    },

    /**
     * The marker, committed before an attempt goes out: the attempt's number and id. Null when the row is no
     * longer waiting (a retry request or outcome moved it meanwhile).
     */
    async markSending(notificationId: string, attemptId: string): Promise<Delivery | null> {
      const { rows } = await pool.query<Delivery>(
        `update email.deliveries set state = 'sending', attempt = attempt + 1, attempt_id = $2, updated_at = now()
          where notification_id = $1 and state = 'pending'
          returning ${columns}`,
        [notificationId, attemptId],
      );
      return rows[0] ?? null;
    },

    /** Attempts that were going out when the last active notifier stopped. */
    async inFlight(): Promise<Delivery[]> {
      const { rows } = await pool.query<Delivery>(`select ${columns} from email.deliveries where state = 'sending'`);
      return rows;
    },

    /** An attempt with no recorded outcome: wait again, to be sent now as the same attempt. */
    async releaseUnknown(notificationId: string, attemptId: string): Promise<boolean> {
      const { rowCount } = await pool.query(
        `update email.deliveries
            set state = 'pending', attempt = attempt - 1, attempt_id = null, next_attempt_at = now(),
                unknown_outcomes = unknown_outcomes + 1, updated_at = now()
          where notification_id = $1 and state = 'sending' and attempt_id = $2`,
        [notificationId, attemptId],
      );
      return rowCount === 1;
    },

    /** Counts for the metrics endpoint; kept in the table, so they survive restarts. */
    async counts(): Promise<Record<'pending' | 'sending' | 'sent' | 'failed' | 'unknownOutcomes', number>> {
      const { rows } = await pool.query<{ state: string; n: number; unknown: number }>(
        `select state, count(*)::int as n, coalesce(sum(unknown_outcomes), 0)::int as unknown
           from email.deliveries group by state`,
      );
      const counts = { pending: 0, sending: 0, sent: 0, failed: 0, unknownOutcomes: 0 };
      for (const row of rows) {
        if (row.state in counts) counts[row.state as keyof typeof counts] = row.n;
        counts.unknownOutcomes += row.unknown;
      }
      return counts;
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
