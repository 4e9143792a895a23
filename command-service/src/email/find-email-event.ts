import type pg from 'pg';

export interface LoggedEmail {
  recipientEmail: string;
  orderNumber: string | null;
  /** The stream that holds the email's request: its order's, or its own. */
  requestStream: string;
}

/**
 * Find an email the admin picked from the log. The log is only the index here: what the command
 * decides on is read from the event store.
 */
export async function findEmailEvent(pool: pg.Pool, notificationId: string): Promise<LoggedEmail | null> {
  const { rows } = await pool.query<LoggedEmail>(
    `select recipient_email as "recipientEmail", order_number as "orderNumber", request_stream as "requestStream"
       from rm.email_events where id = $1`,
    [notificationId],
  );
  return rows[0] ?? null;
}
