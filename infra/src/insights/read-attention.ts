import {
  type AttentionFlag,
  attentionFlags,
  flagsFor,
  type OpenItem,
  predict,
} from '@ot/contracts/insights/attention.ts';
import type { AttentionItem, AttentionQuery } from '@ot/contracts/insights/insights-views.ts';
import type { LeadTimes } from '@ot/contracts/insights/lead-times.ts';
import { addDays, daysFrom, localDate } from '@ot/contracts/insights/studio-dates.ts';
import type { ItemStatus } from '@ot/contracts/orders/item-status.ts';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { longestAhead, readLeadTimes, windowOf } from './read-lead-times.ts';

export interface AttentionSettings {
  timeZone: string;
  stuckAfterDays: number;
}

/** The studio's settings the flags are decided by. */
export const attentionSettingsOf = (
  config: Pick<Config, 'STUDIO_TIME_ZONE' | 'STUCK_AFTER_DAYS'>,
): AttentionSettings => ({
  timeZone: config.STUDIO_TIME_ZONE,
  stuckAfterDays: config.STUCK_AFTER_DAYS,
});

interface OpenRow {
  item_id: string;
  order_number: string;
  item_name: string;
  item_type: string;
  manufacturer: string | null;
  status: ItemStatus;
  eta: string | null;
  entered_on: string;
  last_change_on: string;
}

/** Days of slack on the candidates' bounds, so whole-day rounding never leaves a flagged item out. */
const SLACK_DAYS = 7;

/**
 * Open items that could earn a flag today: a superset the flag rules then decide on exactly (stuck,
 * placed with the manufacturer past its ETA or with none, in a stage longer than any group's 80th
 * percentile, or with an ETA a prediction could pass). One item or order: `where` narrows it.
 */
async function readCandidates(
  db: pg.Pool | pg.PoolClient,
  today: string,
  times: LeadTimes,
  settings: AttentionSettings,
  only: { manufacturer?: string; itemIds?: string[] },
): Promise<OpenRow[]> {
  const shortestP80 = Math.min(...times.groups.map((g) => g.p80Days), 10_000);
  const { rows } = await db.query<OpenRow>(
    `select s.item_id, s.order_number, s.item_name, s.item_type, s.manufacturer, s.status,
            coalesce(nullif(s.estimated_delivery, ''), nullif(o.estimated_delivery, '')) as eta,
            to_char(s.entered_at at time zone $2, 'YYYY-MM-DD') as entered_on,
            to_char(s.last_change_at at time zone $2, 'YYYY-MM-DD') as last_change_on
       from rm.item_stages s
       join rm.orders o on o.order_number = s.order_number
      where s.status <> 'order_collected_shipped'
        and ($6::text is null or s.manufacturer = $6)
        and ($7::text[] is null or s.item_id = any($7))
        and (
          s.last_change_at < (($1::date - $3::int + 1)::timestamp at time zone $2)
          or (s.status = 'order_placed_with_manufacturer' and coalesce(nullif(s.estimated_delivery, ''), nullif(o.estimated_delivery, '')) is null
              and s.entered_at < (($1::date - 3 + 1)::timestamp at time zone $2))
          or (s.status in ('order_being_processed', 'order_placed_with_manufacturer', 'order_arrived_awaiting_qc')
              and (
                coalesce(nullif(s.estimated_delivery, ''), nullif(o.estimated_delivery, '')) is null
                  and s.entered_at < (($1::date - $4::int + ${SLACK_DAYS})::timestamp at time zone $2)
                or left(coalesce(nullif(s.estimated_delivery, ''), nullif(o.estimated_delivery, '')), 10) < $5
              ))
        )`,
    [
      today,
      settings.timeZone,
      settings.stuckAfterDays,
      Math.floor(shortestP80),
      addDays(today, longestAhead(times) + SLACK_DAYS),
      only.manufacturer ?? null,
      only.itemIds ?? null,
    ],
  );
  return rows;
}

const toOpenItem = (row: OpenRow): OpenItem => ({
  status: row.status,
  manufacturer: row.manufacturer,
  itemType: row.item_type,
  estimatedDelivery: row.eta,
  enteredOn: row.entered_on,
  lastChangeOn: row.last_change_on,
});

const flagRank = (flag: AttentionFlag) => attentionFlags.indexOf(flag);

/** Most pressing flag first, then the longest in its stage; or by the column asked for. */
function sortItems(items: AttentionItem[], sort: AttentionQuery['sort']): AttentionItem[] {
  const byFlag = (a: AttentionItem, b: AttentionItem) =>
    flagRank(a.flag) - flagRank(b.flag) || b.daysInStage - a.daysInStage || a.orderNumber.localeCompare(b.orderNumber);
  const nullsLast = (a: string | null, b: string | null) => (a ?? '9999').localeCompare(b ?? '9999');
  const compare: Record<NonNullable<AttentionQuery['sort']>, (a: AttentionItem, b: AttentionItem) => number> = {
    flag: byFlag,
    daysInStage: (a, b) => b.daysInStage - a.daysInStage || byFlag(a, b),
    estimatedDelivery: (a, b) => nullsLast(a.estimatedDelivery, b.estimatedDelivery) || byFlag(a, b),
    predictedReadyDate: (a, b) => nullsLast(a.predictedReadyDate, b.predictedReadyDate) || byFlag(a, b),
    orderNumber: (a, b) => a.orderNumber.localeCompare(b.orderNumber) || byFlag(a, b),
  };
  return items.sort(compare[sort ?? 'flag']);
}

/** The attention list: one row per flag an open item earns today, with its reason and prediction. */
export async function readAttention(
  db: pg.Pool | pg.PoolClient,
  now: Date,
  settings: AttentionSettings,
  query: Partial<AttentionQuery> & { itemIds?: string[] },
): Promise<{ items: AttentionItem[]; total: number; times: LeadTimes }> {
  const today = localDate(now, settings.timeZone);
  const times = await readLeadTimes(db, windowOf({}, now, settings.timeZone), settings.timeZone);
  const rows = await readCandidates(db, today, times, settings, query);
  const items: AttentionItem[] = [];
  for (const row of rows) {
    const item = toOpenItem(row);
    const prediction = predict(item, times, today);
    const flags = flagsFor(item, times, { today, stuckAfterDays: settings.stuckAfterDays }, prediction);
    if (flags.length === 0) continue;
    for (const { flag, reason } of flags) {
      if (query.flag && flag !== query.flag) continue;
      items.push({
        orderNumber: row.order_number,
        itemId: row.item_id,
        itemName: row.item_name,
        manufacturer: row.manufacturer,
        status: row.status,
        flag,
        reason,
        estimatedDelivery: row.eta,
        predictedStageEnd: prediction.stageEnd,
        predictedReadyDate: prediction.readyBy,
        likelyBy: prediction.likelyBy,
        daysInStage: daysFrom(row.entered_on, today),
      });
    }
  }
  const sorted = sortItems(items, query.sort);
  return { items: sorted.slice(0, query.limit ?? sorted.length), total: sorted.length, times };
}

/**
 * When each of these open items should be ready for collection (median), from the studio's lead times:
 * what a customer is shown while the manufacturer has given no ETA.
 */
export async function readUsualReadyDates(
  db: pg.Pool | pg.PoolClient,
  now: Date,
  settings: AttentionSettings,
  itemIds: readonly string[],
): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  if (itemIds.length === 0) return dates;
  const today = localDate(now, settings.timeZone);
  const times = await readLeadTimes(db, windowOf({}, now, settings.timeZone), settings.timeZone);
  const { rows } = await db.query<OpenRow>(
    `select item_id, order_number, item_name, item_type, manufacturer, status, estimated_delivery as eta,
            to_char(entered_at at time zone $2, 'YYYY-MM-DD') as entered_on,
            to_char(last_change_at at time zone $2, 'YYYY-MM-DD') as last_change_on
       from rm.item_stages where item_id = any($1) and status <> 'order_collected_shipped'`,
    [itemIds, settings.timeZone],
  );
  for (const row of rows) {
    const readyBy = predict(toOpenItem(row), times, today).readyBy;
    if (readyBy) dates.set(row.item_id, readyBy);
  }
  return dates;
}
