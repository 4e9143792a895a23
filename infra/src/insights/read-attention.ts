import {
  type AttentionFlag,
  attentionFlags,
  flagsFor,
  type OpenItem,
  predict,
} from '@ot/contracts/insights/attention.ts';
import type { AttentionItem, AttentionQuery } from '@ot/contracts/insights/insights-views.ts';
import type { LeadTimes } from '@ot/contracts/insights/lead-times.ts';
import { itemTypeOf } from '@ot/contracts/insights/stages.ts';
import { daysFrom, localDate } from '@ot/contracts/insights/studio-dates.ts';
import type { ItemStatus } from '@ot/contracts/orders/item-status.ts';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { readLeadTimes, windowOf } from './read-lead-times.ts';

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

export interface OpenRow {
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

/** Which open items to read: all of them, or those of some orders or some items. */
export interface OpenItemsScope {
  orderNumbers?: readonly string[];
  itemIds?: readonly string[];
}

/**
 * The open items (not yet collected or shipped) of live orders, with the ETA each goes by (its own, else
 * its order's, as the order items hold them), its type (its name's) and its days in the studio's
 * calendar. A scope's items are found through the order items' key and index, so a catch-up reads only
 * them.
 */
export async function readOpenItems(
  db: pg.Pool | pg.PoolClient,
  timeZone: string,
  scope: OpenItemsScope = {},
): Promise<OpenRow[]> {
  const { rows } = await db.query<OpenRow>(
    `select i.id as item_id, i.order_number, i.name as item_name, i.manufacturer, i.status,
            coalesce(nullif(i.estimated_delivery, ''), nullif(o.estimated_delivery, '')) as eta,
            to_char(i.entered_at::timestamptz at time zone $1, 'YYYY-MM-DD') as entered_on,
            to_char(coalesce(i.last_change_at, i.entered_at)::timestamptz at time zone $1, 'YYYY-MM-DD') as last_change_on
       from rm.order_items i
       join rm.orders o on o.order_number = i.order_number
      where i.status <> 'order_collected_shipped' and i.entered_at is not null
        and ($2::text[] is null or i.order_number = any($2))
        and ($3::text[] is null or i.id = any($3))`,
    [timeZone, scope.orderNumbers ?? null, scope.itemIds ?? null],
  );
  for (const row of rows) row.item_type = itemTypeOf(row.item_name);
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

/** What a list row is sorted and filtered by: an attention item, or what the keeper holds for one. */
export type Sortable = Pick<
  AttentionItem,
  'flag' | 'daysInStage' | 'estimatedDelivery' | 'predictedReadyDate' | 'orderNumber' | 'manufacturer'
>;

/** Most pressing flag first, then the longest in its stage; or by the column asked for. */
export function sortItems<T extends Sortable>(items: T[], sort: AttentionQuery['sort']): T[] {
  const byFlag = (a: T, b: T) =>
    flagRank(a.flag) - flagRank(b.flag) || b.daysInStage - a.daysInStage || a.orderNumber.localeCompare(b.orderNumber);
  const nullsLast = (a: string | null, b: string | null) => (a ?? '9999').localeCompare(b ?? '9999');
  const compare: Record<NonNullable<AttentionQuery['sort']>, (a: T, b: T) => number> = {
    flag: byFlag,
    daysInStage: (a, b) => b.daysInStage - a.daysInStage || byFlag(a, b),
    estimatedDelivery: (a, b) => nullsLast(a.estimatedDelivery, b.estimatedDelivery) || byFlag(a, b),
    predictedReadyDate: (a, b) => nullsLast(a.predictedReadyDate, b.predictedReadyDate) || byFlag(a, b),
    orderNumber: (a, b) => a.orderNumber.localeCompare(b.orderNumber) || byFlag(a, b),
  };
  return items.sort(compare[sort ?? 'flag']);
}

/** The rows an open item earns in the attention list today: one per flag, with its reason and prediction. */
export function attentionRowsOf(
  row: OpenRow,
  times: LeadTimes,
  today: string,
  settings: AttentionSettings,
): AttentionItem[] {
  const item = toOpenItem(row);
  const prediction = predict(item, times, today);
  const flags = flagsFor(item, times, { today, stuckAfterDays: settings.stuckAfterDays }, prediction);
  return flags.map(({ flag, reason }) => ({
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
  }));
}

/** The page a query asks for out of rows already in its sort's order: its flag and manufacturer, its first `limit`. */
export function pageOf<T extends Sortable>(sorted: readonly T[], query: Partial<AttentionQuery>) {
  const wanted = sorted.filter(
    (item) =>
      (!query.flag || item.flag === query.flag) && (!query.manufacturer || item.manufacturer === query.manufacturer),
  );
  return { items: wanted.slice(0, query.limit ?? wanted.length), total: wanted.length };
}

/**
 * The attention list of some items, read and decided now (what a command checks before it acts on one
 * item). The whole list, as staff page through it, is kept in memory by `keepAttention` instead.
 */
export async function readAttention(
  db: pg.Pool | pg.PoolClient,
  now: Date,
  settings: AttentionSettings,
  query: Partial<AttentionQuery> & OpenItemsScope,
): Promise<{ items: AttentionItem[]; total: number; times: LeadTimes }> {
  const today = localDate(now, settings.timeZone);
  const times = await readLeadTimes(db, windowOf({}, now, settings.timeZone), settings.timeZone);
  const rows = await readOpenItems(db, settings.timeZone, query);
  const items = rows.flatMap((row) => attentionRowsOf(row, times, today, settings));
  return { ...pageOf(sortItems(items, query.sort), query), times };
}

/**
 * When each of these open items should be ready for collection (median), from the studio's lead times:
 * what a customer is shown while the manufacturer has given no ETA.
 */
export function usualReadyDates(rows: readonly OpenRow[], times: LeadTimes, today: string): Map<string, string> {
  const dates = new Map<string, string>();
  for (const row of rows) {
    const readyBy = predict(toOpenItem(row), times, today).readyBy;
    if (readyBy) dates.set(row.item_id, readyBy);
  }
  return dates;
}
