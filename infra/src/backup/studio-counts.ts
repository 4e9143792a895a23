import type pg from 'pg';

/** What a restore is checked by: the studio's orders, their items, its events and its spec documents. */
export interface StudioCounts {
  orders: number;
  items: number;
  events: number;
  documents: number;
}

export async function studioCounts(db: pg.ClientBase | pg.Pool): Promise<StudioCounts> {
  const { rows } = await db.query<StudioCounts>(
    `select (select count(*) from rm.orders)::int as orders,
            (select count(*) from rm.order_items)::int as items,
            (select count(*) from es.events)::int as events,
            (select count(*) from documents.documents)::int as documents`,
  );
  return rows[0] as StudioCounts;
}
