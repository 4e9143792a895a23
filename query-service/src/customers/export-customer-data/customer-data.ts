import { buffer } from 'node:stream/consumers';
import type { CustomerData } from '@ot/contracts/customers/customer-privacy.ts';
import { uploadedDocumentId } from '@ot/contracts/documents/document-links.ts';
import type { DocumentStore } from '@ot/infra/documents/document-store.ts';
import type pg from 'pg';

type Row = Record<string, unknown>;

/**
 * Everything held about one person, found by their email (the right of access): their account and
 * sessions, the customer directory's entry, their orders with items and history, the emails sent to
 * them (as logged and, without SendGrid, as written) and their spec sheets. Null when nothing is held.
 */
export async function readCustomerData(
  pool: pg.Pool,
  documents: DocumentStore,
  email: string,
  now: Date,
): Promise<CustomerData | null> {
  const one = async (sql: string, params: unknown[] = [email]) => (await pool.query<Row>(sql, params)).rows;
  const [account] = await one(
    `select id, username, email, customer_name, customer_phone, created_at, updated_at
       from auth.users where not is_admin and lower(email) = lower($1)`,
  );
  const sessions = account
    ? await one(
        'select created_at, last_seen_at, expires_at from auth.sessions where user_id = $1 order by created_at',
        [account.id],
      )
    : [];
  const [customer] = await one('select * from rm.customers where email_lower = lower($1)');
  const orders = await one('select * from rm.orders where lower(customer_email) = lower($1) order by order_number');
  const numbers = orders.map((order) => order.order_number as string);
  const items = await one('select * from rm.order_items where order_number = any($1::text[]) order by ordinal', [
    numbers,
  ]);
  const timeline = await one(
    'select * from rm.order_timeline where order_number = any($1::text[]) order by order_number, version',
    [numbers],
  );
  const emails = await one(
    `select * from rm.email_events where lower(recipient_email) = lower($1) or order_number = any($2::text[])
      order by requested_at`,
    [email, numbers],
  );
  const messages = await one(
    'select to_email, from_email, subject, text, stored_at from email.dev_mailbox where lower(to_email) = lower($1) order by id',
  );
  if (!account && !customer && orders.length === 0 && emails.length === 0) return null;
  const withHistory = orders.map((order) => ({
    ...order,
    items: items.filter((item) => item.order_number === order.order_number),
    timeline: timeline.filter((entry) => entry.order_number === order.order_number),
  }));
  return {
    email,
    exportedAt: now.toISOString(),
    account: account ?? null,
    sessions,
    customer: customer ?? null,
    orders: withHistory,
    emails: [...emails, ...messages.map((message) => ({ kind: 'message as written', ...message }))],
    specSheets: await specSheets(documents, numbers, items),
  };
}

async function specSheets(documents: DocumentStore, orderNumbers: string[], items: Row[]) {
  const records = new Map((await documents.forOrders(orderNumbers)).map((record) => [record.id, record]));
  for (const item of items) {
    const id = typeof item.document_url === 'string' ? uploadedDocumentId(item.document_url) : null;
    const record = id && !records.has(id) ? await documents.find(id) : null;
    if (record) records.set(record.id, record);
  }
  const sheets: CustomerData['specSheets'] = [];
  for (const record of records.values()) {
    const bytes = await buffer(await documents.read(record.id));
    sheets.push({
      id: record.id,
      orderNumber: record.orderNumber,
      fileName: record.fileName,
      contentType: record.contentType,
      base64: bytes.toString('base64'),
    });
  }
  return sheets;
}
