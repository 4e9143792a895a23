import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { isReadyStatus, itemTypeOf } from '@ot/contracts/insights/stages.ts';
import { type ItemStatus, itemStatusRank } from '@ot/contracts/orders/item-status.ts';
import { type OrderItem, orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import type { Change, Projection, ReadView, Row } from '../../runtime/projection.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * The quarter hour an instant falls in, as an ISO time: every time zone's offset is whole quarter
 * hours, so a window of studio days counts exactly the items that left within it.
 */
export const quarterHourOf = (at: string): string => quarterText(Math.floor(Date.parse(at) / QUARTER_HOUR_MS));

/**
 * The counts' keys, kept: the items of a history leave their stages in far fewer counts than steps.
 * A key is the text of JSON.stringify([manufacturer, itemType, status, leftAt, days]), which the
 * migration that made the table gave the counts it carried over: by group (manufacturer, type and
 * status), then by quarter hour and days.
 */
interface CountGroup {
  /** `[manufacturer,itemType,status` as JSON. */
  prefix: string;
  keys: Map<number, string>;
}
const countGroups = new Map<string | null, Map<string, Map<ItemStatus, CountGroup>>>();
let countKeysKept = 0;

function countKey(manufacturer: string | null, itemType: string, status: ItemStatus, quarter: number, days: number) {
  if (countKeysKept >= 200_000) {
    countGroups.clear();
    countKeysKept = 0;
  }
  let types = countGroups.get(manufacturer);
  if (!types) {
    types = new Map();
    countGroups.set(manufacturer, types);
  }
  let statuses = types.get(itemType);
  if (!statuses) {
    statuses = new Map();
    types.set(itemType, statuses);
  }
  let group = statuses.get(status);
  if (!group) {
    group = { prefix: JSON.stringify([manufacturer, itemType, status]).slice(0, -1), keys: new Map() };
    statuses.set(status, group);
  }
  // Quarter hours are ISO times and days whole numbers: neither needs escaping.
  const slot = quarter * 100_000 + days;
  let key = group.keys.get(slot);
  if (key === undefined) {
    key = `${group.prefix},"${quarterText(quarter)}",${days}]`;
    group.keys.set(slot, key);
    countKeysKept++;
  }
  return key;
}

/** Quarter hours as ISO times, kept: a history's items leave their stages in far fewer quarters than steps. */
const quarters = new Map<number, string>();

function quarterText(quarter: number): string {
  let text = quarters.get(quarter);
  if (text === undefined) {
    if (quarters.size >= 100_000) quarters.clear();
    text = new Date(quarter * QUARTER_HOUR_MS).toISOString();
    quarters.set(quarter, text);
  }
  return text;
}

/**
 * An item left the stage of `status`, entered at `fromMs`, at `toMs` by moving on to `next`: it is
 * counted among the items of its manufacturer and type (of its name, contracts/insights/stages.ts) that
 * left that stage in the same quarter hour after as many whole days (rounded). A step back is no lead
 * time and is not counted.
 */
function leftStage(
  manufacturer: string | null,
  itemType: string,
  status: ItemStatus,
  next: ItemStatus,
  fromMs: number,
  toMs: number,
  changes: Change[],
): void {
  if (itemStatusRank(next) <= itemStatusRank(status)) return;
  const quarter = Math.floor(toMs / QUARTER_HOUR_MS);
  const days = Math.max(0, Math.round((toMs - fromMs) / DAY_MS));
  const key = countKey(manufacturer, itemType, status, quarter, days);
  const row = { id: key, manufacturer, item_type: itemType, status, left_at: quarterText(quarter), days, items: 1 };
  changes.push({ table: 'item_stage_counts', key, row });
}

/** The stage columns this projection sets on an order item (the orders projection sets the rest). */
const stageColumns = (row: Row & { id: string }): Change => ({ table: 'order_items', key: row.id, row });

const utcIso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * The instant `at` as the stage columns hold it: the ISO time in UTC, as the migration that moved them
 * wrote them, whatever offset (or none) an import gave. Event times are in that form already.
 */
const isoOf = (at: string): string => (utcIso.test(at) ? at : new Date(Date.parse(at)).toISOString());

/** The number the `count` digits of `text` from `at` write. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

/**
 * `Date.parse(at)`, read straight off the digits when `at` is a UTC ISO time in range (event times and
 * most imported histories are): a rebuild parses every step of every history, and Date.parse was most of
 * that. V8's Date.parse carries a day past its month's end over as Date.UTC does.
 */
function msOf(at: string): number {
  if (!utcIso.test(at)) return Date.parse(at);
  const month = digits(at, 5, 2);
  const day = digits(at, 8, 2);
  const hour = digits(at, 11, 2);
  const minute = digits(at, 14, 2);
  const second = digits(at, 17, 2);
  const year = digits(at, 0, 4);
  // Date.UTC reads years before 100 as 19xx.
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return Date.parse(at);
  return Date.UTC(year, month - 1, day, hour, minute, second, digits(at, 20, 3));
}

/** An item as placed: in its status since the event, or since the last step of its imported history. */
function placedItem(item: OrderItem, recordedAt: string, changes: Change[]): void {
  const steps = item.statusHistory;
  if (!steps?.length) {
    const since = isoOf(recordedAt);
    const ready_at = isReadyStatus(item.status) ? since : null;
    const columns = {
      id: item.id,
      first_eta: item.estimatedDelivery,
      entered_at: since,
      last_change_at: null,
      ready_at,
    };
    changes.push(stageColumns(columns));
    return;
  }
  const type = itemTypeOf(item.name);
  let status: ItemStatus | null = null;
  let entered = 0;
  let enteredMs = 0;
  let ready = -1;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as (typeof steps)[number];
    if (step.status === status) continue;
    const ms = msOf(step.at);
    if (status) leftStage(item.manufacturer, type, status, step.status, enteredMs, ms, changes);
    status = step.status;
    entered = i;
    enteredMs = ms;
    if (ready < 0 && isReadyStatus(status)) ready = i;
  }
  const columns = {
    id: item.id,
    first_eta: item.estimatedDelivery,
    entered_at: isoOf((steps[entered] as (typeof steps)[number]).at),
    last_change_at: null,
    ready_at: ready < 0 ? null : isoOf((steps[ready] as (typeof steps)[number]).at),
  };
  changes.push(stageColumns(columns));
}

/** `open` is the order item as the orders projection left it: with this event's status or manufacturer already. */
function itemChange(event: RecordedDomainEvent, open: Row): Change[] {
  const atMs = msOf(event.metadata.occurredAt);
  const at = isoOf(event.metadata.occurredAt);
  const id = open.id as string;
  switch (event.type) {
    case 'ItemStatusChanged': {
      const { status: next, previousStatus } = event.data;
      if (next === previousStatus) return [];
      const changes: Change[] = [];
      const manufacturer = open.manufacturer as string | null;
      const enteredMs = msOf(open.entered_at as string);
      leftStage(manufacturer, itemTypeOf(open.name as string), previousStatus, next, enteredMs, atMs, changes);
      const ready_at = open.ready_at ?? (isReadyStatus(next) ? at : null);
      changes.push(stageColumns({ id, entered_at: at, last_change_at: null, ready_at }));
      return changes;
    }
    case 'ItemEstimatedDeliverySet':
      return [stageColumns({ id, first_eta: open.first_eta ?? event.data.estimatedDelivery, last_change_at: at })];
    case 'ItemManufacturerChanged':
      return [stageColumns({ id, last_change_at: at })];
    default:
      return [];
  }
}

function project(event: RecordedDomainEvent, view: ReadView): Change[] {
  if (!event.stream.startsWith(orderStreamPrefix)) return [];
  if (event.type === 'OrderPlaced') {
    const changes: Change[] = [];
    for (const item of event.data.items) placedItem(item, event.metadata.occurredAt, changes);
    return changes;
  }
  if (!('itemId' in event.data)) return [];
  const open = view.get('order_items', event.data.itemId);
  // An item this projection has not placed (its order's events before it came) has no stage to leave.
  return open?.entered_at ? itemChange(event, open) : [];
}

/**
 * Each item's current stage and since when, by the business time (an import's statusHistory `at`, else
 * the event's own time; the record time is the event's, shown with it in an order's History), for
 * predictions and the attention list: columns of the item's row in rm.order_items, which the orders
 * projection (before this one) keeps; `last_change_at` is null until something changes after the item
 * entered its stage. And how many items left each stage after how many days, for lead times; the
 * manufacturer is the item's when it left the stage.
 */
export const itemStagesProjection: Projection = {
  name: 'item-stages',
  tables: [{ name: 'item_stage_counts', key: 'id', sums: 'items' }],
  needs(event) {
    if (!event.stream.startsWith(orderStreamPrefix) || !('itemId' in event.data)) return [];
    return [{ table: 'order_items', key: event.data.itemId }];
  },
  project,
};
