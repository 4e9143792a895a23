import { dateRangeQuerySchema, type LeadTimesView } from '@ot/contracts/insights/insights-views.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import { attentionKeeperOf } from '@ot/infra/insights/attention-keeper.ts';
import { readLeadTimes, windowOf } from '@ot/infra/insights/read-lead-times.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';

/** GET /api/admin/insights/lead-times?from=&to=: per manufacturer, item type and stage, with fallbacks. */
export function leadTimesRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/insights/lead-times', requireRole('auditor'), async (ctx) => {
    const timeZone = deps.config.STUDIO_TIME_ZONE;
    const asked = parse(dateRangeQuerySchema, ctx.query);
    const now = deps.clock();
    const range = windowOf(asked, now, timeZone);
    // The default window's figures are the ones the attention list keeps; another window is read as asked.
    const { groups } =
      asked.from || asked.to
        ? await readLeadTimes(deps.pool, range, timeZone)
        : await attentionKeeperOf(deps).leadTimes(now);
    const body: LeadTimesView = {
      ...range,
      groups: [...groups].sort(
        (a, b) =>
          (a.manufacturer ?? '').localeCompare(b.manufacturer ?? '') ||
          a.itemType.localeCompare(b.itemType) ||
          a.stage.localeCompare(b.stage),
      ),
    };
    ctx.body = body;
  });
}
