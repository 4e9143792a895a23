import { adminOrdersPageQuerySchema, pagedListParameters } from '@ot/contracts/orders/admin-order-list.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { readAdminOrdersPage } from './admin-orders-page.ts';
import { matchesEtag, openAdminOrdersSnapshot } from './stream-admin-orders.ts';

/**
 * GET /api/admin/orders. Without parameters, every order with its items and its derived fields (status,
 * complete, overdue, ETAs added), newest first, streamed, with an ETag (a refetch of an unchanged
 * list is a 304 with no body). With `tab` (and search, status, limit, cursor): one page for the dashboard.
 */
export function listAdminOrdersRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/orders', requireRole('auditor'), async (ctx) => {
    const today = deps.clock().toISOString();
    if (pagedListParameters.some((name) => name in ctx.query)) {
      ctx.body = await readAdminOrdersPage(deps.pool, parse(adminOrdersPageQuerySchema, ctx.query), today);
      return;
    }
    const snapshot = await openAdminOrdersSnapshot(deps.pool, today);
    // Cache-Control stays no-store (no order data at rest in a browser cache): a client that keeps the
    // list itself sends the ETag back in If-None-Match.
    ctx.set('ETag', snapshot.etag);
    if (matchesEtag(ctx.get('if-none-match'), snapshot.etag)) {
      await snapshot.release();
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = snapshot.body();
  });
}
