import type { UsualReady } from '@ot/contracts/orders/order-views.ts';
import { requireUser } from '@ot/infra/http/session.ts';
import { attentionKeeperOf } from '@ot/infra/insights/attention-keeper.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';
import { getOrderFor } from '../orders/get-order/get-order.ts';

/**
 * GET /api/orders/{orderNumber}/usual-ready: for the items with no ETA yet, when the studio's history says
 * they are usually ready for collection; the order's own page shows the latest beside "Awaiting ETA".
 * Whoever may read the order may read this (a customer their own).
 */
export function usualReadyRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/orders/:orderNumber/usual-ready', async (ctx) => {
    const order = await getOrderFor(deps, requireUser(ctx), ctx.params.orderNumber ?? '');
    const waiting = order.items.filter((item) => !item.estimatedDelivery).map((item) => item.id);
    const dates = await attentionKeeperOf(deps).usualReady(deps.clock(), waiting);
    const items = waiting.flatMap((itemId) => {
      const usuallyReadyBy = dates.get(itemId);
      return usuallyReadyBy ? [{ itemId, usuallyReadyBy }] : [];
    });
    const latest =
      items
        .map((item) => item.usuallyReadyBy)
        .sort()
        .at(-1) ?? null;
    const body: UsualReady = { usuallyReadyBy: latest, items };
    ctx.body = body;
  });
}
