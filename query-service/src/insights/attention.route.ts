import { attentionQuerySchema } from '@ot/contracts/insights/insights-views.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import { attentionKeeperOf } from '@ot/infra/insights/attention-keeper.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';

/** GET /api/admin/attention: the open items that need staff today, each flag with its reason and prediction. */
export function attentionRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/attention', requireRole('auditor'), async (ctx) => {
    const query = parse(attentionQuerySchema, ctx.query);
    const { items, total } = await attentionKeeperOf(deps).list(deps.clock(), query);
    ctx.body = { items, total };
  });
}
