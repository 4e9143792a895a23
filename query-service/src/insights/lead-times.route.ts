import { dateRangeQuerySchema, type LeadTimesView } from '@ot/contracts/insights/insights-views.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import { readLeadTimes, windowOf } from '@ot/infra/insights/read-lead-times.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';

/** GET /api/admin/insights/lead-times?from=&to=: per manufacturer, item type and stage, with fallbacks. */
export function leadTimesRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/insights/lead-times', requireRole('auditor'), async (ctx) => {
    const timeZone = deps.config.STUDIO_TIME_ZONE;
    const range = windowOf(parse(dateRangeQuerySchema, ctx.query), deps.clock(), timeZone);
    const { groups } = await readLeadTimes(deps.pool, range, timeZone);
    const body: LeadTimesView = {
      ...range,
      groups: groups.sort(
        (a, b) =>
          (a.manufacturer ?? '').localeCompare(b.manufacturer ?? '') ||
          a.itemType.localeCompare(b.itemType) ||
          a.stage.localeCompare(b.stage),
      ),
    };
    ctx.body = body;
  });
}
