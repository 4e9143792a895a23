import type { TimelineEntry } from '@ot/contracts/orders/order-views.ts';
import { readsEveryOrder } from '@ot/infra/http/policy.ts';
import { requireUser } from '@ot/infra/http/session.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { getOrderFor } from '../get-order/get-order.ts';

/**
 * The order's history, oldest first. Customers see only customer-visible rows (never fitter notes),
 * numbered 1..n among themselves, as their order's `version` counts them: no gap shows a hidden change.
 */
export function getOrderTimelineRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/orders/:orderNumber/timeline', async (ctx) => {
    const user = requireUser(ctx);
    const staff = readsEveryOrder(user);
    const order = await getOrderFor(deps, user, ctx.params.orderNumber ?? '');
    const { rows } = await deps.pool.query<Omit<TimelineEntry, 'orderId'>>(
      `select id, order_number as "orderNumber", status, timestamp, title, description,
              event_type as "eventType", actor,
              case when $2 then version else (row_number() over (order by version))::int end as version
         from rm.order_timeline
        where order_number = $1 and (customer_visible or $2)
        order by rm.order_timeline.version`,
      [order.orderNumber, staff],
    );
    // Customers see that "the studio" did something, not which admin.
    const actor = (name: string) => (staff || name === 'import' || name === 'system' ? name : 'studio');
    ctx.body = rows.map((row) => ({ ...row, orderId: order.id, actor: actor(row.actor) }));
  });
}
