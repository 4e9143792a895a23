import { compareForCustomer } from '@ot/contracts/orders/order-rules.ts';
import { readsEveryOrder } from '@ot/infra/http/policy.ts';
import { requireUser } from '@ot/infra/http/session.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { readOrders } from '../read-orders.ts';

/** The signed-in customer's orders (every order with their email), in compareForCustomer's order. */
export function listCustomerOrdersRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/customer/orders', async (ctx) => {
    const user = requireUser(ctx);
    const orders = await readOrders(
      deps.pool,
      { sql: 'lower(o.customer_email) = lower($1)', values: [user.email ?? ''] },
      { forAdmin: readsEveryOrder(user), today: deps.clock().toISOString() },
    );
    ctx.body = orders.sort(compareForCustomer);
  });
}
