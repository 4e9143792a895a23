import type { AdminOrderRow, AdminOrdersPage, AdminOrdersPageQuery } from '@ot/contracts/orders/admin-order-list.ts';
import type { ItemStatus, OrderStatus } from '@ot/contracts/orders/item-status.ts';
import { isOverdue } from '@ot/contracts/orders/order-rules.ts';
import { badRequest } from '@ot/infra/http/errors.ts';
import type pg from 'pg';

/**
 * The sort key is (order_date, order_number), newest first: neither changes once an order is placed,
 * so a cursor taken from the last row of a page marks a fixed place. Orders added or edited while an
 * admin pages are never skipped or shown twice (a new one lands before or after the place, once).
 */
interface Cursor {
  orderDate: string;
  orderNumber: string;
}

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify([cursor.orderDate, cursor.orderNumber])).toString('base64url');

export function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [orderDate, orderNumber] = value as unknown[];
      if (typeof orderDate === 'string' && typeof orderNumber === 'string') return { orderDate, orderNumber };
    }
  } catch {}
  throw badRequest('Invalid cursor');
}

/** `like` pattern for "contains", any case: the text's own %, _ and \ match themselves. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search and status filter as SQL over `o` (rm.orders). Search: order number, customer name or
 * email containing the text in any case, each answered by its trigram index. Status: the order's own
 * status or its derived one; a complete order also matches Collected and Shipped (as the PWA filters).
 */
export function adminOrderFilter(
  query: { search?: string | undefined; status?: OrderStatus | undefined },
  values: unknown[],
): string {
  const clauses: string[] = [];
  if (query.search) {
    values.push(containsPattern(query.search));
    const p = `$${values.length}`;
    clauses.push(
      `(lower(o.order_number) like ${p} or lower(o.customer_name) like ${p} or lower(o.customer_email) like ${p})`,
    );
  }
  if (query.status) {
    values.push(query.status);
    const s = `$${values.length}`;
    const completeToo = query.status === 'order_collected' || query.status === 'order_shipped';
    clauses.push(`(o.status = ${s} or o.admin_status = ${s}${completeToo ? ' or o.complete' : ''})`);
  }
  return clauses.length > 0 ? clauses.join(' and ') : 'true';
}

interface RowOfPage {
  order_id: string;
  order_number: string;
  customer_name: string;
  customer_email: string;
  order_date: string;
  status: OrderStatus;
  total: string;
  item_count: number;
  admin_status: ItemStatus;
  complete: boolean;
  all_etas_added: boolean;
  eta: string | null;
  version: number;
}

const toRow = (row: RowOfPage, today: string): AdminOrderRow => ({
  id: row.order_id,
  orderNumber: row.order_number,
  customerName: row.customer_name,
  customerEmail: row.customer_email,
  orderDate: row.order_date,
  status: row.status,
  total: Number(row.total),
  itemCount: row.item_count,
  adminStatus: row.admin_status,
  complete: row.complete,
  overdue: isOverdue({ complete: row.complete, adminStatus: row.admin_status, eta: row.eta }, today),
  allEtasAdded: row.all_etas_added,
  eta: row.eta,
  version: row.version,
});

/** One page of one tab and both tabs' counts, from the read model's derived columns alone (no items). */
export async function readAdminOrdersPage(
  pool: pg.Pool,
  query: AdminOrdersPageQuery,
  today: string,
): Promise<AdminOrdersPage> {
  const filterValues: unknown[] = [];
  const filter = adminOrderFilter(query, filterValues);

  const pageValues = [...filterValues, query.tab === 'completed', query.limit + 1];
  let after = '';
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    pageValues.push(cursor.orderDate, cursor.orderNumber);
    after = `and (o.order_date, o.order_number) < ($${pageValues.length - 1}, $${pageValues.length})`;
  }
  const [page, counts] = await Promise.all([
    pool.query<RowOfPage>(
      `select o.order_id, o.order_number, o.customer_name, o.customer_email, o.order_date, o.status, o.total,
              o.item_count, o.admin_status, o.complete, o.all_etas_added, o.eta, o.version
         from rm.orders o
        where ${filter} and o.complete = $${filterValues.length + 1} ${after}
        order by o.order_date desc, o.order_number desc
        limit $${filterValues.length + 2}`,
      pageValues,
    ),
    pool.query<{ active: number; completed: number }>(
      `select (count(*) filter (where not o.complete))::int as active,
              (count(*) filter (where o.complete))::int as completed
         from rm.orders o where ${filter}`,
      filterValues,
    ),
  ]);
  const rows = page.rows.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    orders: rows.map((row) => toRow(row, today)),
    counts: counts.rows[0] ?? { active: 0, completed: 0 },
    nextCursor:
      page.rows.length > query.limit && last
        ? encodeCursor({ orderDate: last.order_date, orderNumber: last.order_number })
        : null,
  };
}
