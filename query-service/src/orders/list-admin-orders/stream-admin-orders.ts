import { Readable } from 'node:stream';
import type pg from 'pg';
import { readOrders } from '../read-orders.ts';

const BATCH = 500;

export interface AdminOrdersSnapshot {
  /** Names what the list holds: the read model's position, the customers with accounts, and the day. */
  etag: string;
  /** The whole list as a JSON array, read in keyset batches from the same snapshot as the ETag. */
  body(): Readable;
  /** Give the snapshot back without reading it (the client had the list already). */
  release(): Promise<void>;
}

/**
 * Every order with its items (the spec's `GET /api/admin/orders`), without ever holding the list in
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
        let after: { date: string; number: string } | null = null;
        let first = true;
        for (;;) {
          const orders = await readOrders(
            client,
            after
              ? { sql: '(o.order_date, o.order_number) < ($1, $2)', values: [after.date, after.number] }
              : { sql: 'true', values: [] },
            { forAdmin: true, today, limit: BATCH },
          );
          if (orders.length > 0) {
            const text = orders.map((order) => JSON.stringify(order)).join(',');
            yield first ? text : `,${text}`;
            first = false;
          }
          const last = orders.at(-1);
          if (!last || orders.length < BATCH) break;
          after = { date: last.orderDate, number: last.orderNumber };
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
