import type pg from 'pg';
import type { EmailMessage, EmailTransport } from './email-transport.ts';

/**
 * Without SENDGRID_API_KEY nothing leaves the machine: each message (HTML and text) is kept in
 * email.dev_mailbox, which admins read at GET /api/admin/dev-mailbox.
 */
export function createDevMailboxTransport(pool: pg.Pool): EmailTransport {
  return {
    description: 'the dev mailbox (table email.dev_mailbox; admins read it at GET /api/admin/dev-mailbox)',
    async send(message: EmailMessage) {
      try {
        await pool.query(
          `insert into email.dev_mailbox (notification_id, to_email, from_email, subject, html, text)
           values ($1, $2, $3, $4, $5, $6)`,
          [message.notificationId, message.to, message.from.email, message.subject, message.html, message.text],
        );
        return { ok: true, providerMessageId: null };
      } catch (error) {
        return { ok: false, failure: { kind: 'network', message: `Could not store the message: ${String(error)}` } };
      }
    },
  };
}

export interface DevMailboxMessage {
  id: number;
  notificationId: string;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  storedAt: string;
}

/** The latest messages first; `notificationId` narrows to one email's. */
export async function readDevMailbox(
  pool: pg.Pool,
  options: { notificationId?: string | undefined; limit: number },
): Promise<DevMailboxMessage[]> {
  const { rows } = await pool.query<DevMailboxMessage>(
    `select id::int, notification_id as "notificationId", to_email as "to", from_email as "from", subject, html, text,
            to_char(stored_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "storedAt"
       from email.dev_mailbox
      where ($1::text is null or notification_id = $1)
      order by id desc limit $2`,
    [options.notificationId ?? null, options.limit],
  );
  return rows;
}
