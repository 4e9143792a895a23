import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AttentionItem, AttentionQuery } from '@ot/contracts/insights/insights-views.ts';
import type { LeadTimes } from '@ot/contracts/insights/lead-times.ts';
import { stageNames } from '@ot/contracts/insights/stages.ts';
import { localDate } from '@ot/contracts/insights/studio-dates.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import type pg from 'pg';
import { type Checkpoint, type EventStore, reaches, sameCheckpoint } from '../event-store/event-store.ts';
import {
  type AttentionSettings,
  attentionRowsOf,
  attentionSettingsOf,
  type OpenRow,
  pageOf,
  readOpenItems,
  type Sortable,
  sortItems,
  usualReadyDates,
} from './read-attention.ts';
import { readLeadTimes, windowOf } from './read-lead-times.ts';

/** Past this many events since the last look, every open item is read again rather than each order's. */
const EVENTS_BEFORE_RELOAD = 20_000;
const READ_BATCH = 5_000;
/**
 * Items decided in one turn of the event loop: at a studio's years of orders, deciding every open item
 * at once would keep the process's other requests waiting; they are answered between the slices.
 */
const DECIDED_PER_TURN = 5_000;
const NO_DATA: ReadonlySet<string> = new Set();

export interface AttentionKeeper {
  /** The attention list as of the projector's checkpoint now (so after any write the caller waited for). */
  list(now: Date, query: Partial<AttentionQuery>): Promise<{ items: AttentionItem[]; total: number }>;
  /** The lead times of the default window (the last 365 days), as the list's predictions use them (no list is read). */
  leadTimes(now: Date): Promise<LeadTimes>;
  /** When these open items should usually be ready for collection, by the same figures (no list is read). */
  usualReady(now: Date, itemIds: readonly string[]): Promise<Map<string, string>>;
}

/**
 * A row of the list as kept: what it is sorted and filtered by, and its item. Its reason and prediction
 * are written out only for the rows a page shows (at a studio's size, the list's sentences would be most
 * of what is kept).
 */
interface Entry extends Sortable {
  row: OpenRow;
}

interface Kept {
  checkpoint: Checkpoint;
  today: string;
  times: LeadTimes;
  open: Map<string, OpenRow>;
  byOrder: Map<string, Set<string>>;
  flagged: Map<string, Entry[]>;
  /** All flagged rows in each sort's order, until the next change. */
  sorted: Map<string, Entry[]>;
  /** One copy of each repeated text (statuses, types, makers, days), however many rows hold it. */
  texts: Map<string, string>;
}

async function projectorCheckpoint(pool: pg.Pool): Promise<Checkpoint> {
  const { rows } = await pool.query<{ tx: string; position: string }>(
    `select tx, position from rm.checkpoints where name = 'projector'`,
  );
  const row = rows[0];
  return row ? { tx: Number(row.tx), position: Number(row.position) } : { tx: 0, position: 0 };
}

/** The order numbers whose streams have events after `from` up to `to`; null when there are too many to read one by one. */
async function ordersTouched(store: EventStore, from: Checkpoint, to: Checkpoint): Promise<Set<string> | null> {
  const touched = new Set<string>();
  let after = from;
  for (let read = 0; read < EVENTS_BEFORE_RELOAD; read += READ_BATCH) {
    const events = await store.readAll({ after, limit: READ_BATCH, dataOf: NO_DATA });
    for (const event of events) {
      const at = { tx: event.tx, position: event.position };
      if (!reaches(to, at)) return touched;
      if (event.stream.startsWith(orderStreamPrefix)) touched.add(event.stream.slice(orderStreamPrefix.length));
      after = at;
    }
    if (events.length < READ_BATCH) return touched;
  }
  return null;
}

const groupOf = (row: OpenRow) => `${row.manufacturer ?? ''}\u0001${row.item_type}`;

/** The (manufacturer, item type) pairs whose figures for some stage differ between two sets of lead times. */
function changedGroups(open: Iterable<OpenRow>, before: LeadTimes, after: LeadTimes): Set<string> {
  const changed = new Set<string>();
  const seen = new Set<string>();
  for (const row of open) {
    const group = groupOf(row);
    if (seen.has(group)) continue;
    seen.add(group);
    const differs = stageNames.some(
      (stage) =>
        JSON.stringify(before.usual(row.manufacturer, row.item_type, stage)) !==
        JSON.stringify(after.usual(row.manufacturer, row.item_type, stage)),
    );
    if (differs) changed.add(group);
  }
  return changed;
}

/** Decides the rows one open item earns, by the kept lead times and day. */
function decide(state: Kept, row: OpenRow, settings: AttentionSettings): void {
  const entries = attentionRowsOf(row, state.times, state.today, settings).map(
    ({ flag, daysInStage, estimatedDelivery, predictedReadyDate, orderNumber, manufacturer }): Entry => ({
      flag,
      daysInStage,
      estimatedDelivery,
      predictedReadyDate,
      orderNumber,
      manufacturer,
      row,
    }),
  );
  if (entries.length > 0) state.flagged.set(row.item_id, entries);
  else state.flagged.delete(row.item_id);
}

const repeated = ['item_name', 'item_type', 'manufacturer', 'status', 'eta', 'entered_on', 'last_change_on'] as const;

function keepRow(state: Kept, read: OpenRow, settings: AttentionSettings): void {
  const row = { ...read };
  for (const column of repeated) {
    const text = row[column];
    if (text === null) continue;
    const kept = state.texts.get(text);
    if (kept === undefined) state.texts.set(text, text);
    else (row as Record<string, unknown>)[column] = kept;
  }
  state.open.set(row.item_id, row);
  const items = state.byOrder.get(row.order_number) ?? new Set<string>();
  state.byOrder.set(row.order_number, items);
  items.add(row.item_id);
  decide(state, row, settings);
}

/** `decide` for each of `rows`, a slice per turn of the event loop. */
export async function eachInTurns<T>(rows: Iterable<T>, decide: (row: T) => void): Promise<void> {
  let decided = 0;
  for (const row of rows) {
    if (++decided % DECIDED_PER_TURN === 0) await nextTurn();
    decide(row);
  }
}

const readTimes = (pool: pg.Pool, now: Date, settings: AttentionSettings) =>
  readLeadTimes(pool, windowOf({}, now, settings.timeZone), settings.timeZone);

/** Every open item read and decided. */
async function load(pool: pg.Pool, settings: AttentionSettings, now: Date, checkpoint: Checkpoint): Promise<Kept> {
  const [times, rows] = await Promise.all([readTimes(pool, now, settings), readOpenItems(pool, settings.timeZone)]);
  const state: Kept = {
    checkpoint,
    today: localDate(now, settings.timeZone),
    times,
    open: new Map(),
    byOrder: new Map(),
    flagged: new Map(),
    sorted: new Map(),
    texts: new Map(),
  };
  await eachInTurns(rows, (row) => keepRow(state, row, settings));
  return state;
}

/** Re-reads the touched orders' items, then re-decides the groups whose lead times moved. */
async function update(
  pool: pg.Pool,
  settings: AttentionSettings,
  state: Kept,
  now: Date,
  checkpoint: Checkpoint,
  touched: Set<string>,
): Promise<Kept> {
  const orderNumbers = [...touched];
  const [times, rows] = await Promise.all([
    readTimes(pool, now, settings),
    readOpenItems(pool, settings.timeZone, { orderNumbers }),
  ]);
  for (const orderNumber of orderNumbers) {
    for (const itemId of state.byOrder.get(orderNumber) ?? []) {
      state.open.delete(itemId);
      state.flagged.delete(itemId);
    }
    state.byOrder.delete(orderNumber);
  }
  const moved = changedGroups(state.open.values(), state.times, times);
  state.times = times;
  await eachInTurns(rows, (row) => keepRow(state, row, settings));
  if (moved.size > 0) {
    await eachInTurns(state.open.values(), (row) => {
      if (moved.has(groupOf(row))) decide(state, row, settings);
    });
  }
  state.checkpoint = checkpoint;
  state.sorted.clear();
  return state;
}

/**
 * The attention list kept in memory: every open item and the rows it earns, brought up to the projector's
 * checkpoint at each read by re-deciding only the orders written since (found in the log), the groups whose
 * lead times moved, or everything when the studio's day turns. At a studio's years of orders, deciding
 * every open item per request is what the list cannot afford; a read with no write since costs one query.
 */
export function keepAttention(pool: pg.Pool, store: EventStore, settings: AttentionSettings): AttentionKeeper {
  let kept: Kept | null = null;
  let catchingUp: Promise<Kept> | null = null;
  // The lead times alone, for reads that need no list (a customer's order page): kept as the list keeps them.
  let times: Pick<Kept, 'checkpoint' | 'today' | 'times'> | null = null;

  /** The default window's lead times as of the projector's checkpoint now, read only when that or the day moved. */
  async function currentTimes(now: Date): Promise<{ times: LeadTimes; today: string }> {
    const checkpoint = await projectorCheckpoint(pool);
    const today = localDate(now, settings.timeZone);
    for (const held of [kept, times]) {
      if (held && held.today === today && sameCheckpoint(held.checkpoint, checkpoint)) return held;
    }
    times = { checkpoint, today, times: await readTimes(pool, now, settings) };
    return times;
  }

  async function catchUp(now: Date): Promise<Kept> {
    const checkpoint = await projectorCheckpoint(pool);
    const today = localDate(now, settings.timeZone);
    const state = kept;
    if (state && state.today === today && sameCheckpoint(state.checkpoint, checkpoint)) return state;
    if (!state || state.today !== today || reaches(state.checkpoint, checkpoint)) {
      // A new day moves every item's days and the lead times' window; a checkpoint gone back is a rebuild.
      kept = await load(pool, settings, now, checkpoint);
      return kept;
    }
    const touched = await ordersTouched(store, state.checkpoint, checkpoint);
    kept = touched
      ? await update(pool, settings, state, now, checkpoint, touched)
      : await load(pool, settings, now, checkpoint);
    return kept;
  }

  /** Catch-ups run one at a time: a read waits for the one running, then looks itself (its own write may be newer). */
  async function current(now: Date): Promise<Kept> {
    while (catchingUp) await catchingUp.catch(() => {});
    catchingUp = catchUp(now).finally(() => {
      catchingUp = null;
    });
    return catchingUp;
  }

  return {
    async list(now, query) {
      const state = await current(now);
      const sort = query.sort ?? 'flag';
      let sorted = state.sorted.get(sort);
      if (!sorted) {
        sorted = sortItems([...state.flagged.values()].flat(), sort);
        state.sorted.set(sort, sorted);
      }
      const page = pageOf(sorted, query);
      const items = page.items.flatMap((entry) =>
        attentionRowsOf(entry.row, state.times, state.today, settings).filter((item) => item.flag === entry.flag),
      );
      return { items, total: page.total };
    },
    async leadTimes(now) {
      return (await currentTimes(now)).times;
    },
    async usualReady(now, itemIds) {
      if (itemIds.length === 0) return new Map();
      const [held, rows] = await Promise.all([currentTimes(now), readOpenItems(pool, settings.timeZone, { itemIds })]);
      return usualReadyDates(rows, held.times, held.today);
    },
  };
}

const keepers = new WeakMap<pg.Pool, AttentionKeeper>();

/** The one keeper of a process's read-model database (its routes share what it keeps). */
export function attentionKeeperOf(deps: {
  pool: pg.Pool;
  store: EventStore;
  config: Parameters<typeof attentionSettingsOf>[0];
}): AttentionKeeper {
  let keeper = keepers.get(deps.pool);
  if (!keeper) {
    keeper = keepAttention(deps.pool, deps.store, attentionSettingsOf(deps.config));
    keepers.set(deps.pool, keeper);
  }
  return keeper;
}
