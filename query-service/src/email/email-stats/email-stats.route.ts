import { type EmailStats, emailStatsQuerySchema } from '@ot/contracts/email/email-views.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';

/** Emails of the last `days` days (by the time of their latest delivery event), counted per delivery status. */
export function emailStatsRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/email-stats', requireRole('auditor'), async (ctx) => {
    const { days } = parse(emailStatsQuerySchema, ctx.query);
    const since = new Date(deps.clock().getTime() - days * 24 * 60 * 60 * 1000);
    const { rows } = await deps.pool.query<{ delivery_status: string; total_count: number; duplicates: number }>(
      `select delivery_status, count(*)::int as total_count, count(*) filter (where possible_duplicate)::int as duplicates
         from rm.email_events where sent_at >= $1
        group by delivery_status order by total_count desc, delivery_status`,
      [since],
    );
    const stats: EmailStats = {
      totalEvents: rows.reduce((sum, row) => sum + row.total_count, 0),
      period: `${days} day${days === 1 ? '' : 's'}`,
      summary: rows.map(({ delivery_status, total_count }) => ({ delivery_status, total_count })),
      possibleDuplicates: rows.reduce((sum, row) => sum + row.duplicates, 0),
    };
    ctx.body = stats;
  });
}
