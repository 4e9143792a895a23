import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { readOrders } from '../read-orders.ts';

/** Every order with its items and the derived fields of spec section 4, newest first. */
export function listAdminOrdersRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/orders', requireRole('auditor'), async (ctx) => {
    ctx.body = await readOrders(
      deps.pool,
      { sql: 'true', values: [] },
      { forAdmin: true, today: deps.clock().toISOString() },
    );
  });
}
