import { type LeadTimes, leadTimes, type SpanCount } from '@ot/contracts/insights/lead-times.ts';
import { stageOfStatus } from '@ot/contracts/insights/stages.ts';
import { addDays, localDate } from '@ot/contracts/insights/studio-dates.ts';
import type pg from 'pg';

/** A window of studio-local days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** Lead times are measured over the last 365 days unless a window is asked for. */
export const DEFAULT_WINDOW_DAYS = 365;

export function windowOf(range: Partial<DayRange>, now: Date, timeZone: string): DayRange {
  const to = range.to ?? localDate(now, timeZone);
  return { from: range.from ?? addDays(to, -DEFAULT_WINDOW_DAYS), to };
}

/**
 * Items that moved on from a stage within the window, counted per manufacturer, item type, stage and
 * whole days: a few thousand rows however many items, from which percentiles are exact.
 */
export async function readSpanCounts(
  db: pg.Pool | pg.PoolClient,
  range: DayRange,
  timeZone: string,
): Promise<SpanCount[]> {
  const { rows } = await db.query<{
    manufacturer: string | null;
    item_type: string;
    status: string;
    days: number;
    count: number;
  }>(
    `select manufacturer, item_type, status, days, sum(items)::int as count
       from rm.item_stage_counts
      where left_at >= ($1::date::timestamp at time zone $3)
        and left_at < (($2::date + 1)::timestamp at time zone $3)
      group by manufacturer, item_type, status, days`,
    [range.from, range.to, timeZone],
  );
  return rows.flatMap((row) => {
    const stage = stageOfStatus(row.status);
    return stage
      ? [{ manufacturer: row.manufacturer, itemType: row.item_type, stage, days: row.days, count: row.count }]
      : [];
  });
}

export async function readLeadTimes(
  db: pg.Pool | pg.PoolClient,
  range: DayRange,
  timeZone: string,
): Promise<LeadTimes> {
  return leadTimes(await readSpanCounts(db, range, timeZone));
}
