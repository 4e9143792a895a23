import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import type { Change, Projection, ReadView, Row, TableSpec } from './projection.ts';
import { type Entry, freshEntry } from './write-rows.ts';

export interface Table {
  spec: TableSpec;
  entries: Map<string, Entry>;
  /** For a table with a group column: the keys of the rows in memory, by group (as the batch changes them). */
  groups: Map<string, Set<string>>;
  /** Groups whose every row is in memory (read from the table, merged with those changed here). */
  loaded: Set<string>;
  /** An insert-only table's rows put since the last write, in a replay into a fresh schema. */
  inserted: Row[];
  /** A table of counts (`spec.sums`): what each key's changes since the last write add up to. */
  summed: Map<string, Row>;
  /** The counts are the table's first (a replay into a fresh schema, nothing written yet): inserted, not added. */
  summedFirst: boolean;
  /**
   * In a replay into a fresh schema, the keys of rows written and then forgotten: a key neither held nor
   * here is not in the table, so it is neither read back nor looked for when written. Null: not known
   * (the live projector, or too many forgotten).
   */
  forgotten: Set<string> | null;
}

/** The rows a run of batches holds (apply-events.ts's createRowMemory), and what it knows of the tables. */
export interface Memory {
  projections: readonly Projection[];
  tables: Map<string, Table>;
  /** Every row the tables hold is in memory (or known absent): nothing has been evicted from a fresh schema. */
  complete: boolean;
  /** Rows of insert-only tables are inserted, not held (a fresh schema nobody else writes). */
  inserting: boolean;
  /** Counts batches: entries remember the last one that used them, so eviction keeps the recent ones. */
  round: number;
  /** Rows (and rows known absent) held, and rows of insert-only and count tables waiting for the next write. */
  held: number;
  /** Keys in the tables' `forgotten` sets. */
  forgotten: number;
}

/**
 * Keys of forgotten rows remembered at most, some 60 bytes each: past it, rows not held are looked for in
 * the tables as the live projector looks for them.
 */
const FORGOTTEN_KEYS = 2_000_000;

export function createMemory(projections: readonly Projection[], empty: boolean): Memory {
  const tables = new Map<string, Table>();
  for (const projection of projections) {
    for (const spec of projection.tables) {
      tables.set(spec.name, {
        spec,
        entries: new Map(),
        groups: new Map(),
        loaded: new Set(),
        inserted: [],
        summed: new Map(),
        summedFirst: empty,
        forgotten: empty ? new Set() : null,
      });
    }
  }
  return { projections, tables, complete: empty, inserting: empty, round: 0, held: 0, forgotten: 0 };
}

/** The row under `key` is known not to be in the table (nor held). */
export const knownAbsent = (memory: Memory, table: Table, key: string): boolean =>
  memory.complete || (table.forgotten !== null && !table.forgotten.has(key));

export function tableOf(memory: Memory, name: string): Table {
  const table = memory.tables.get(name);
  if (!table) throw new Error(`no projection owns the table ${name}`);
  return table;
}

/** The entry held for `key`, marked as used by this batch. */
export function entryOf(memory: Memory, table: Table, key: string): Entry | undefined {
  const entry = table.entries.get(key);
  if (entry) entry.used = memory.round;
  return entry;
}

export function add(memory: Memory, table: Table, key: string, entry: Entry): void {
  table.entries.set(key, entry);
  memory.held++;
  index(table, key, entry.row, true);
}

/** Keeps a table's group index up to date as a row joins (`present`) or leaves its group. */
export function index(table: Table, key: string, row: Row | null, present: boolean): void {
  const groupBy = table.spec.groupBy;
  if (!groupBy || !row) return;
  const group = String(row[groupBy]);
  let keys = table.groups.get(group);
  if (present) {
    if (!keys) {
      keys = new Set();
      table.groups.set(group, keys);
    }
    keys.add(key);
  } else keys?.delete(key);
}

/** What projections read while folding: only rows they asked for in needs() (else it throws). */
export function readView(memory: Memory): ReadView {
  return {
    get(name, key) {
      const entry = entryOf(memory, tableOf(memory, name), key);
      if (!entry) throw new Error(`a projection read ${name} ${key} without asking for it in needs()`);
      return entry.row ?? undefined;
    },
    group(name, value) {
      const table = tableOf(memory, name);
      if (!memory.complete && !table.loaded.has(value))
        throw new Error(`a projection read the ${name} of ${value} without asking for them in needs()`);
      const rows: Row[] = [];
      for (const key of table.groups.get(value) ?? []) {
        const entry = entryOf(memory, table, key);
        if (entry?.row) rows.push(entry.row);
      }
      return rows;
    },
  };
}

/**
 * A held row with a change's columns set: the change itself when it sets every column (projections
 * build each change's row anew and never change it after, so it is held as it is), else a new row.
 */
function merged(held: Row, change: Row): Row {
  let covers = true;
  for (const column in held) {
    if (!(column in change)) {
      covers = false;
      break;
    }
  }
  // Into a new object: V8 copies a held row's shape at once, where adding columns to it one by one was slow.
  return covers ? change : Object.assign({}, held, change);
}

/** A projection's change, made in memory (written with the next write). */
export function put(memory: Memory, table: Table, change: Change): void {
  const counted = table.spec.sums;
  if (counted) {
    if (change.row === null) throw new Error(`${table.spec.name} holds counts: its rows are never deleted`);
    const sum = table.summed.get(change.key);
    if (sum) sum[counted] = Number(sum[counted]) + Number(change.row[counted]);
    else {
      // Projections build each change's row anew: it is held as it is.
      table.summed.set(change.key, change.row);
      memory.held++;
    }
    return;
  }
  if (memory.inserting && table.spec.insertOnly) {
    if (change.row === null) throw new Error(`${table.spec.name} is insert-only: its rows are never deleted`);
    table.inserted.push(change.row);
    memory.held++;
    return;
  }
  let entry = entryOf(memory, table, change.key);
  if (!entry) {
    // Not asked for: it may be known not to be in the table either.
    entry = freshEntry(null, knownAbsent(memory, table, change.key), memory.round);
    add(memory, table, change.key, entry);
  }
  const before = entry.row;
  if (change.row === null) {
    entry.deleted = true;
    entry.dirty = false;
    entry.row = null;
    entry.stored = false;
    entry.absent = true; // the batch's deletes run before its inserts
  } else {
    entry.row = before ? merged(before, change.row) : change.row;
    entry.dirty = true;
  }
  const groupBy = table.spec.groupBy;
  if (groupBy && (!before || !entry.row || before[groupBy] !== entry.row[groupBy])) {
    index(table, change.key, before, false);
    index(table, change.key, entry.row, true);
  }
}

/** Folds the events, in order, through every projection, their changes made in memory. */
export function fold(memory: Memory, view: ReadView, events: readonly RecordedDomainEvent[]): void {
  for (const event of events) {
    for (const projection of memory.projections) {
      for (const change of projection.project(event, view)) put(memory, tableOf(memory, change.table), change);
    }
  }
}

/** The insert-only rows (and, with `counts`, the counts) of these tables are written: no longer held. */
export function insertedWritten(memory: Memory, written: Iterable<Table>, counts = true): void {
  for (const table of written) {
    memory.held -= table.inserted.length;
    table.inserted = [];
    if (!counts) continue;
    memory.held -= table.summed.size;
    table.summed = new Map();
    table.summedFirst = false;
  }
}

/** The oldest batch whose rows are kept when memory keeps `keep` rows: newer batches fill it first. */
function oldestKept(memory: Memory, keep: number): number {
  const perRound = new Map<number, number>();
  for (const table of memory.tables.values())
    for (const entry of table.entries.values()) perRound.set(entry.used, (perRound.get(entry.used) ?? 0) + 1);
  let kept = 0;
  let from = memory.round + 1;
  for (const r of [...perRound.keys()].sort((a, b) => b - a)) {
    kept += perRound.get(r) ?? 0;
    if (kept > keep) break;
    from = r;
  }
  return from;
}

/**
 * After a write: forget rows not used lately, down to `keep` (the least recently used first).
 * Rows forgotten are read back from the table when next needed.
 */
export function evict(memory: Memory, keep: number): void {
  if (memory.held <= keep) return;
  const from = oldestKept(memory, keep);
  for (const table of memory.tables.values()) {
    if (memory.complete) for (const group of table.groups.keys()) table.loaded.add(group);
    for (const [key, entry] of table.entries) {
      if (entry.used >= from) continue;
      if (entry.dirty || entry.deleted) throw new Error('rows are evicted only once written');
      table.entries.delete(key);
      memory.held--;
      // A row held as absent (never written, or deleted) is still not in the table.
      if (entry.row && table.forgotten && !table.forgotten.has(key)) {
        table.forgotten.add(key);
        memory.forgotten++;
      }
      const groupBy = table.spec.groupBy;
      if (groupBy && entry.row) {
        const group = String(entry.row[groupBy]);
        index(table, key, entry.row, false);
        table.loaded.delete(group);
      }
    }
  }
  memory.complete = false;
  if (memory.forgotten > FORGOTTEN_KEYS) {
    for (const table of memory.tables.values()) table.forgotten = null;
    memory.forgotten = 0;
  }
}
