import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { readCustomerData } from './customer-data.ts';

/** GET /api/customer/export: "Download my data", everything held about the signed-in customer. */
export function exportMyDataRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/customer/export', requireRole('customer'), async (ctx) => {
    const email = ctx.state.user?.email ?? '';
    const data = (email && (await readCustomerData(deps.pool, deps.documents, email, deps.clock()))) || null;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', 'attachment; filename="my-data.json"');
    ctx.body = data ?? {
      email,
      exportedAt: deps.clock().toISOString(),
      account: null,
      sessions: [],
      customer: null,
      orders: [],
      emails: [],
      specSheets: [],
    };
  });
}
