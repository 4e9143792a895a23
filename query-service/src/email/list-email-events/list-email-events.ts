import type { EmailEventsPage, EmailEventsQuery, EmailEventView } from '@ot/contracts/email/email-views.ts';
import type pg from 'pg';

interface EmailEventRow {
  id: string;
  order_id: string | null;
  order_number: string | null;
  recipient_email: string;
  email_type: string;
  status: string | null;
  subject: string | null;
  sent_at: Date;
  delivery_status: EmailEventView['deliveryStatus'];
  notes: string | null;
  admin_user: string | null;
  retry_count: number;
  next_attempt: Date | null;
  resend_of: string | null;
  possible_duplicate: boolean;
  total: number;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const toEmailEventView = (row: Omit<EmailEventRow, 'total'>): EmailEventView => ({
  id: row.id,
  orderId: row.order_id,
  orderNumber: row.order_number,
  recipientEmail: row.recipient_email,
  emailType: row.email_type,
  status: row.status,
  subject: row.subject,
  sentAt: row.sent_at.toISOString(),
  deliveryStatus: row.delivery_status,
  notes: row.notes,
  adminUser: row.admin_user,
  retryCount: row.retry_count,
  nextAttempt: row.next_attempt?.toISOString() ?? null,
  resendOf: row.resend_of,
  possibleDuplicate: row.possible_duplicate,
});

/** One page of the email log, newest request first; order number and recipient match anywhere, any case. */
export async function listEmailEvents(pool: pg.Pool, query: EmailEventsQuery): Promise<EmailEventsPage> {
  const { rows } = await pool.query<EmailEventRow>(
    `select id, order_id, order_number, recipient_email, email_type, status, subject, sent_at, delivery_status,
            notes, admin_user, retry_count, next_attempt, resend_of, possible_duplicate, count(*) over ()::int as total
       from rm.email_events
      where ($1::text is null or lower(order_number) like $1)
        and ($2::text is null or lower(recipient_email) like $2)
        and ($3::text is null or delivery_status = $3)
      order by requested_at desc, position desc
      limit $4 offset $5`,
    [
      query.orderNumber ? likePattern(query.orderNumber) : null,
      query.recipient ? likePattern(query.recipient) : null,
      query.deliveryStatus ?? null,
      query.limit,
      (query.page - 1) * query.limit,
    ],
  );
  // A page past the end has no rows to carry the total: count separately then.
  const total = rows[0]?.total ?? (query.page > 1 ? await countEmailEvents(pool, query) : 0);
  const totalPages = Math.ceil(total / query.limit);
  return {
    events: rows.map(toEmailEventView),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages,
      hasPrev: query.page > 1,
      hasNext: query.page < totalPages,
    },
  };
}

async function countEmailEvents(pool: pg.Pool, query: EmailEventsQuery): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from rm.email_events
      where ($1::text is null or lower(order_number) like $1)
        and ($2::text is null or lower(recipient_email) like $2)
        and ($3::text is null or delivery_status = $3)`,
    [
      query.orderNumber ? likePattern(query.orderNumber) : null,
      query.recipient ? likePattern(query.recipient) : null,
      query.deliveryStatus ?? null,
    ],
  );
  return rows[0]?.n ?? 0;
}
