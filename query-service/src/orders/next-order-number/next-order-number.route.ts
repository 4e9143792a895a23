import { adminOnly } from '@ot/infra/http/session.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';

/** A preview of the number the next added order will most likely get (the allocation decides at write time). */
export function nextOrderNumberRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/next-order-number', adminOnly, async (ctx) => {
    ctx.body = { nextOrderNumber: await deps.orderNumbers.peekNext() };
  });
}
