import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { notFound } from '@ot/infra/http/errors.ts';
import type { QueryServiceDeps } from '../../deps.ts';
import { readOrders } from '../read-orders.ts';

export const ORDER_NOT_FOUND = 'Order not found';

/**
 * One order as this user may see it. Another customer's order is "not found", never "forbidden":
 * a customer cannot even learn that the number exists.
 */
export async function getOrderFor(deps: QueryServiceDeps, user: SessionUser, orderNumber: string): Promise<OrderView> {
  const where = user.isAdmin
    ? { sql: 'o.order_number = $1', values: [orderNumber] }
    : { sql: 'o.order_number = $1 and lower(o.customer_email) = lower($2)', values: [orderNumber, user.email ?? ''] };
  const [order] = await readOrders(deps.pool, where, { forAdmin: user.isAdmin, today: deps.clock().toISOString() });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}
