import type { Order } from '@ot/contracts/orders/order-state.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { toOrderView } from '@ot/contracts/orders/to-order-view.ts';
import { preparedQuery } from '@ot/infra/db/prepared.ts';
import type pg from 'pg';

interface OrderRow {
  order_number: string;
  order_id: string;
  customer_email: string;
  customer_name: string;
  customer_phone: string | null;
  order_date: string;
  status: Order['status'];
  shipping_address: Order['shippingAddress'];
  billing_address: Order['billingAddress'];
  subtotal: string;
  shipping: string;
  tax: string;
  total: string;
  amount_paid: string;
  amount_remaining: string;
  tracking_number: string | null;
  estimated_delivery: string | null;
  customer_notes: string | null;
  fitter_notes: string | null;
  squarespace_order_id: string | null;
  delivered_at: string | null;
  user_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  /** For customers: how many changes they can see, and when the last one happened (null for admins). */
  visible_changes: number | null;
  visible_updated_at: string | null;
  items: ItemRow[];
}

interface ItemRow {
  id: string;
  name: string;
  sku: string;
  price: number;
  quantity: number;
  image_url: string | null;
  document_url: string | null;
  manufacturer: Order['items'][number]['manufacturer'];
  estimated_delivery: string | null;
  status: Order['items'][number]['status'];
}

const toOrder = (row: OrderRow): Order => ({
  orderId: row.order_id,
  orderNumber: row.order_number,
  customerEmail: row.customer_email,
  customerName: row.customer_name,
  customerPhone: row.customer_phone,
  orderDate: row.order_date,
  status: row.status,
  shippingAddress: row.shipping_address,
  billingAddress: row.billing_address,
  subtotal: Number(row.subtotal),
  shipping: Number(row.shipping),
  tax: Number(row.tax),
  total: Number(row.total),
  amountPaid: Number(row.amount_paid),
  amountRemaining: Number(row.amount_remaining),
  trackingNumber: row.tracking_number,
  estimatedDelivery: row.estimated_delivery,
  customerNotes: row.customer_notes,
  fitterNotes: row.fitter_notes,
  squarespaceOrderId: row.squarespace_order_id,
  items: row.items.map((item) => ({
    id: item.id,
    name: item.name,
    sku: item.sku,
    price: Number(item.price),
    quantity: item.quantity,
    imageUrl: item.image_url,
    documentUrl: item.document_url,
    manufacturer: item.manufacturer,
    estimatedDelivery: item.estimated_delivery,
    status: item.status,
  })),
});

/**
 * Orders with their items (and their customer's user id) in one round trip, filtered by a WHERE clause
 * over `o` (rm.orders), turned into views by the same rules the PWA uses.
 *
 * A customer's `version` and `updatedAt` count only the changes their timeline shows: a fitter-note
 * edit (or a notification request) leaves what a customer reads exactly as it was, ETag included.
 */
export async function readOrders(
  pool: pg.Pool,
  where: { sql: string; values: unknown[] },
  options: { forAdmin: boolean; today: string; orderBy?: string },
): Promise<OrderView[]> {
  const { rows } = await preparedQuery<OrderRow>(
    pool,
    `select o.*,
            (select u.id::text from auth.users u
              where lower(u.email) = lower(o.customer_email) and not u.is_admin) as user_id,
            coalesce((select json_agg(i order by i.ordinal)
                        from (select id, name, sku, price, quantity, image_url, document_url, manufacturer,
                                     estimated_delivery, status, ordinal
                                from rm.order_items where order_number = o.order_number) i), '[]') as items,
            seen.changes as visible_changes, seen.updated_at as visible_updated_at
       from rm.orders o
       left join lateral (
         select count(*)::int as changes, max(t.timestamp) as updated_at
           from rm.order_timeline t
          where t.order_number = o.order_number and t.customer_visible
       ) seen on ${options.forAdmin ? 'false' : 'true'}
      where ${where.sql}
      order by ${options.orderBy ?? 'o.order_date desc, o.order_number desc'}`,
    where.values,
  );
  return rows.map((row) =>
    toOrderView(
      toOrder(row),
      {
        version: row.visible_changes ?? row.version,
        createdAt: row.created_at,
        updatedAt: row.visible_updated_at ?? row.updated_at,
        deliveredAt: row.delivered_at,
      },
      { ...options, userId: row.user_id },
    ),
  );
}
