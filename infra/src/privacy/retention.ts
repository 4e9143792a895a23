import type pg from 'pg';

/** The studio's own calendar: a day of activity is a day in the UK, whatever the server's zone. */
export const BUSINESS_TIME_ZONE = 'Europe/London';

export interface ExpiredCustomer {
  email: string;
  orderNumbers: string[];
  /** The business day of their last order activity. */
  lastActivity: string;
}

/** Events that are activity on an order after it was placed: a change to one of its items. */
const ITEM_CHANGES = ['ItemStatusChanged', 'ItemEstimatedDeliverySet', 'ItemManufacturerChanged'];

/**
 * Customers whose last order activity is more than `years` before `now`: the latest of their orders'
 * dates and item changes, as business days. An order's own date is what counts for it, so an order
 * imported today from years ago is as old as its date says.
 */
export async function expiredCustomers(pool: pg.Pool, years: number, now: Date): Promise<ExpiredCustomer[]> {
  const { rows } = await pool.query<{ email: string; orders: string[]; last_activity: string }>(
    `with activity as (
       select lower(o.customer_email) as email, o.order_number,
              greatest(left(o.order_date, 10)::date,
                       (select max((t.timestamp::timestamptz at time zone $4)::date) from rm.order_timeline t
                         where t.order_number = o.order_number and t.event_type = any($3::text[]))) as day
         from rm.orders o
        where o.customer_email <> '')
     select min(email) as email, array_agg(order_number order by order_number) as orders, max(day)::text as last_activity
       from activity
      group by email
     having max(day) < (($1::timestamptz at time zone $4)::date - make_interval(months => round($2 * 12)::int))::date
      order by max(day), email`,
    [now.toISOString(), years, ITEM_CHANGES, BUSINESS_TIME_ZONE],
  );
  return rows.map((row) => ({ email: row.email, orderNumbers: row.orders, lastActivity: row.last_activity }));
}
