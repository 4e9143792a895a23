import { requireUser } from '@ot/infra/http/session.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { getOrderFor } from '../get-order/get-order.ts';

export function getOrderItemsRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/orders/:orderNumber/items', async (ctx) => {
    const order = await getOrderFor(deps, requireUser(ctx), ctx.params.orderNumber ?? '');
    ctx.set('ETag', `"${order.version}"`);
    ctx.body = order.items;
  });
}
