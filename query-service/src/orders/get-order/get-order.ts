import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import { orderNotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { readsEveryOrder } from '@ot/infra/http/policy.ts';
import type { QueryServiceDeps } from '../../deps.ts';
import { readOrders } from '../read-orders.ts';

/**
 * One order as this user may see it. Another customer's order is "not found", never "forbidden":
 * a customer cannot even learn that the number exists. The number may be typed in any case (`ep-0001`),
 * as at login; an order whose number matches exactly wins over one matching only without case.
 */
export async function getOrderFor(
  deps: QueryServiceDeps,
  user: SessionUser,
  orderNumber: string,
  today = deps.clock().toISOString(),
): Promise<OrderView> {
  const number = orderNumber.trim();
  const sameNumber = 'upper(o.order_number) = upper($1)';
  const staff = readsEveryOrder(user);
  const where = staff
    ? { sql: sameNumber, values: [number] }
    : { sql: `${sameNumber} and lower(o.customer_email) = lower($2)`, values: [number, user.email ?? ''] };
  const [order] = await readOrders(deps.pool, where, {
    forAdmin: staff,
    today,
    orderBy: '(o.order_number = $1) desc, o.order_number',
  });
  if (!order) throw orderNotFound();
  return order;
}

/**
 * What `getOrderFor` answers depends on, besides the read models: who reads (staff alike, a customer by
 * email), the number exactly as typed (an exact match wins over one without case) and the day (overdue).
 */
export const orderViewKey = (user: SessionUser, orderNumber: string, today: string): string =>
  `${readsEveryOrder(user) ? 'staff' : `customer ${user.email ?? ''}`}\n${today.slice(0, 10)}\n${orderNumber.trim()}`;
