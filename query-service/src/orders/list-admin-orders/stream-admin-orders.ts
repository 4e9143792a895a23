import { Readable } from 'node:stream';
import type pg from 'pg';

const BATCH = 500;

/**
 * One order as the admin's `OrderView` (contracts/to-order-view.ts), built as JSON text by Postgres from
 * the columns the projector keeps, so a list of 100,000 orders passes through this process as text
 * (no parse, no objects, no stringify). The derived fields are the projector's columns (held to the
 * contracts rules by derived-columns.int.test.ts) and overdue is contracts' isOverdue over them;
 * tests/scale compares every streamed order with GET /api/orders/{n}.
 */
const orderViewJson = `json_build_object(
    'orderNumber', o.order_number, 'customerEmail', o.customer_email, 'customerName', o.customer_name,
    'customerPhone', o.customer_phone, 'orderDate', o.order_date, 'status', o.status,
    'shippingAddress', o.shipping_address, 'billingAddress', o.billing_address,
    'subtotal', o.subtotal, 'shipping', o.shipping, 'tax', o.tax, 'total', o.total,
    'amountPaid', o.amount_paid, 'amountRemaining', o.amount_remaining,
    'trackingNumber', o.tracking_number, 'estimatedDelivery', o.estimated_delivery,
    'customerNotes', o.customer_notes, 'fitterNotes', o.fitter_notes, 'squarespaceOrderId', o.squarespace_order_id,
    'id', o.order_id,
    'userId', (select u.id::text from auth.users u where lower(u.email) = lower(o.customer_email) and not u.is_admin),
    'items', coalesce((
      select json_agg(json_build_object(
               'id', i.id, 'name', i.name, 'sku', i.sku, 'price', i.price, 'quantity', i.quantity,
               'imageUrl', i.image_url, 'documentUrl', i.document_url, 'manufacturer', i.manufacturer,
               'estimatedDelivery', i.estimated_delivery, 'status', i.status,
               'orderId', o.order_id, 'orderNumber', o.order_number) order by i.ordinal)
        from rm.order_items i where i.order_number = o.order_number), '[]'),
    'itemCount', o.item_count, 'adminStatus', o.admin_status, 'complete', o.complete,
    'overdue', not o.complete and o.admin_status = 'order_placed_with_manufacturer'
               and o.eta is not null and left(o.eta, 10) < left($1::text, 10),
    'allEtasAdded', o.all_etas_added, 'eta', o.eta, 'deliveredAt', o.delivered_at,
    'createdAt', o.created_at, 'updatedAt', o.updated_at, 'version', o.version
  )::text`;

interface StreamedRow {
  order_date: string;
  order_number: string;
  doc: string;
}

export interface AdminOrdersSnapshot {
  /** Names what the list holds: the read model's position, the customers with accounts, and the day. */
  etag: string;
  /** The whole list as a JSON array, read in keyset batches from the same snapshot as the ETag. */
  body(): Readable;
  /** Give the snapshot back without reading it (the client had the list already). */
  release(): Promise<void>;
}

/**
 * Every order with its items (the plain `GET /api/admin/orders`), without ever holding the list in
 * memory: one read-only repeatable-read transaction gives the ETag and every batch the same snapshot,
 * and each batch of 500 orders is written to the answer before the next is read.
 *
 * The ETag moves when the projector applies any event (its checkpoint), when a customer first signs in
 * (the list carries their user id) and at midnight (`overdue` depends on the day).
 */
export async function openAdminOrdersSnapshot(pool: pg.Pool, today: string): Promise<AdminOrdersSnapshot> {
  const client = await pool.connect();
  let released = false;
  const release = async (error?: unknown) => {
    if (released) return;
    released = true;
    try {
      await client.query(error ? 'rollback' : 'commit');
      client.release();
    } catch (failure) {
      client.release(failure instanceof Error ? failure : true);
    }
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ tx: string | null; position: string | null; users: string; since: string }>(
      `select c.tx::text, c.position::text, u.users::text, u.since
         from (select count(*) as users, coalesce(extract(epoch from max(created_at))::text, '0') as since
                 from auth.users where not is_admin) u
         left join rm.checkpoints c on c.name = 'projector'`,
    );
    const row = rows[0];
    const etag = `"orders-${row?.tx ?? 0}.${row?.position ?? 0}-${row?.users ?? 0}.${row?.since ?? 0}-${today.slice(0, 10)}"`;

    async function* batches(): AsyncGenerator<string> {
      let failure: unknown;
      try {
        yield '[';
        let after: [string, string] | null = null;
        let first = true;
        for (;;) {
          const { rows: orders }: { rows: StreamedRow[] } = await client.query<StreamedRow>(
            `select o.order_date, o.order_number, ${orderViewJson} as doc
               from rm.orders o
              where $2::text is null or (o.order_date, o.order_number) < ($2, $3)
              order by o.order_date desc, o.order_number desc
              limit ${BATCH}`,
            [today, after?.[0] ?? null, after?.[1] ?? null],
          );
          if (orders.length > 0) {
            const text = orders.map((order) => order.doc).join(',');
            yield first ? text : `,${text}`;
            first = false;
          }
          const last: StreamedRow | undefined = orders.at(-1);
          if (!last || orders.length < BATCH) break;
          after = [last.order_date, last.order_number];
        }
        yield ']';
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        await release(failure);
      }
    }

    return {
      etag,
      body: () => {
        const stream = Readable.from(batches(), { objectMode: false });
        // A client gone before the first batch never starts the generator, so its finally never runs.
        stream.once('close', () => void release());
        return stream;
      },
      release: () => release(),
    };
  } catch (error) {
    await release(error);
    throw error;
  }
}

/** Whether an `If-None-Match` header names this ETag (weak or strong, or `*`). */
export function matchesEtag(header: string, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}
