import { dateRangeQuerySchema, type Insights } from '@ot/contracts/insights/insights-views.ts';
import { summarise } from '@ot/contracts/insights/lead-times.ts';
import { stages } from '@ot/contracts/insights/stages.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import { type DayRange, readSpanCounts, windowOf } from '@ot/infra/insights/read-lead-times.ts';
import type pg from 'pg';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';

/** Lead time per manufacturer and stage, every item type together. */
async function leadTimesByManufacturer(
  pool: pg.Pool,
  range: DayRange,
  timeZone: string,
): Promise<Insights['leadTimes']> {
  const groups = new Map<
    string,
    { manufacturer: string | null; stage: (typeof stages)[number]['stage']; buckets: { days: number; count: number }[] }
  >();
  for (const span of await readSpanCounts(pool, range, timeZone)) {
    const key = `${span.manufacturer ?? ''}|${span.stage}`;
    const group = groups.get(key) ?? { manufacturer: span.manufacturer, stage: span.stage, buckets: [] };
    group.buckets.push(span);
    groups.set(key, group);
  }
  const order = (stage: string) => stages.findIndex((s) => s.stage === stage);
  return [...groups.values()]
    .map(({ manufacturer, stage, buckets }) => ({ manufacturer, stage, ...summarise(buckets) }))
    .sort((a, b) => (a.manufacturer ?? '').localeCompare(b.manufacturer ?? '') || order(a.stage) - order(b.stage));
}

/** Items ready per month and how many by their first ETA; open items per status; orders completed per month. */
async function counts(pool: pg.Pool, range: DayRange, timeZone: string) {
  const window = [range.from, range.to, timeZone];
  const [onTime, inStage, completed] = await Promise.all([
    pool.query<{ month: string; ready: number; on_time: number }>(
      `select to_char(ready at time zone $3, 'YYYY-MM') as month, count(*)::int as ready,
              count(*) filter (where to_char(ready at time zone $3, 'YYYY-MM-DD') <= left(first_eta, 10))::int as on_time
         from (select ready_at::timestamptz as ready, first_eta from rm.order_items
                where ready_at is not null and nullif(first_eta, '') is not null) items
        where ready >= ($1::date::timestamp at time zone $3) and ready < (($2::date + 1)::timestamp at time zone $3)
        group by 1 order by 1`,
      window,
    ),
    pool.query<{ status: string; count: number }>(
      `select status, count(*)::int as count from rm.order_items
        where status <> 'order_collected_shipped' and entered_at is not null group by status`,
    ),
    pool.query<{ month: string; count: number }>(
      `select to_char(delivered_at::timestamptz at time zone $3, 'YYYY-MM') as month, count(*)::int as count
         from rm.orders
        where complete and delivered_at is not null
          and delivered_at::timestamptz >= ($1::date::timestamp at time zone $3)
          and delivered_at::timestamptz < (($2::date + 1)::timestamp at time zone $3)
        group by 1 order by 1`,
      window,
    ),
  ]);
  const statusOrder = stages.map((s) => s.status as string);
  return {
    onTime: onTime.rows.map((row) => ({ month: row.month, ready: row.ready, onTime: row.on_time })),
    inStage: statusOrder.map((status) => ({
      status,
      count: inStage.rows.find((row) => row.status === status)?.count ?? 0,
    })),
    completed: completed.rows,
  };
}

/** GET /api/admin/insights?from=&to=: the insights page's figures over a window of days. */
export function insightsRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/insights', requireRole('auditor'), async (ctx) => {
    const timeZone = deps.config.STUDIO_TIME_ZONE;
    const range = windowOf(parse(dateRangeQuerySchema, ctx.query), deps.clock(), timeZone);
    const [leadTimes, rest] = await Promise.all([
      leadTimesByManufacturer(deps.pool, range, timeZone),
      counts(deps.pool, range, timeZone),
    ]);
    const body: Insights = { ...range, leadTimes, ...rest };
    ctx.body = body;
  });
}
