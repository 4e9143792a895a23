import { parseDomainEvent, type RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import type { RecordedEvent } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import pg from 'pg';
import type { Change, Projection, ReadView, Row, TableSpec } from './projection.ts';
import { type Entry, freshEntry, textArray, writeChanges } from './write-rows.ts';

/** A row the read of a batch's needs returns: its table's name and the row as JSON. */
interface ReadRow {
  t: string;
  r: Row;
}

interface Table {
  spec: TableSpec;
  entries: Map<string, Entry>;
  /** For a table with a group column: the keys of the rows in memory, by group (as the batch changes them). */
  groups: Map<string, Set<string>>;
  /** Groups whose every row is in memory (read from the table, merged with those changed here). */
  loaded: Set<string>;
  /** An insert-only table's rows put since the last write, in a replay into a fresh schema. */
  inserted: Row[];
}

export interface RowMemoryOptions {
  projections: readonly Projection[];
  schema: string;
  /** Write groups of at least this many rows through COPY (write-rows.ts). */
  copyFrom?: number;
  /**
   * The schema's tables hold no rows yet and nobody else writes them (a fresh shadow schema): a row not
   * in memory is not in the table either, so nothing is read back until rows are evicted, and the rows
   * of insert-only tables are inserted, not held.
   */
  empty?: boolean;
}

/**
 * The rows a run of batches reads and changes, in memory: `apply` folds events through the pure
 * projections in order (reading from the tables, with one statement per batch, only the rows not
 * already held), `write` writes what changed since the last write with a few set-based statements
 * per table, in the caller's transaction. The live projector uses one per batch; a replay into a
 * fresh shadow schema keeps one across batches (so it reads nothing back) and evicts rows past a bound.
 */
export function createRowMemory(options: RowMemoryOptions) {
  const { projections, schema } = options;
  const tables = new Map<string, Table>();
  for (const projection of projections) {
    for (const spec of projection.tables) {
      tables.set(spec.name, { spec, entries: new Map(), groups: new Map(), loaded: new Set(), inserted: [] });
    }
  }
  const tableOf = (name: string): Table => {
    const table = tables.get(name);
    if (!table) throw new Error(`no projection owns the table ${name}`);
    return table;
  };
  /** Every row the tables hold is in memory (or known absent): nothing has been evicted from a fresh schema. */
  let complete = options.empty === true;
  const inserting = options.empty === true;
  /** Counts `apply` calls: entries remember the last one that used them, so eviction keeps the recent ones. */
  let round = 0;
  let held = 0;

  const entryOf = (table: Table, key: string): Entry | undefined => {
    const entry = table.entries.get(key);
    if (entry) entry.used = round;
    return entry;
  };
  const add = (table: Table, key: string, entry: Entry) => {
    table.entries.set(key, entry);
    held++;
    index(table, key, entry.row, true);
  };
  const index = (table: Table, key: string, row: Row | null, present: boolean) => {
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
  };

  const view: ReadView = {
    get(name, key) {
      const entry = entryOf(tableOf(name), key);
      if (!entry) throw new Error(`a projection read ${name} ${key} without asking for it in needs()`);
      return entry.row ?? undefined;
    },
    group(name, value) {
      const table = tableOf(name);
      if (!complete && !table.loaded.has(value))
        throw new Error(`a projection read the ${name} of ${value} without asking for them in needs()`);
      const rows: Row[] = [];
      for (const key of table.groups.get(value) ?? []) {
        const entry = entryOf(table, key);
        if (entry?.row) rows.push(entry.row);
      }
      return rows;
    },
  };

  function put(table: Table, change: Change): void {
    if (inserting && table.spec.insertOnly) {
      if (change.row === null) throw new Error(`${table.spec.name} is insert-only: its rows are never deleted`);
      table.inserted.push(change.row);
      held++;
      return;
    }
    let entry = entryOf(table, change.key);
    if (!entry) {
      // Not asked for: in a complete memory it is not in the table either.
      entry = freshEntry(null, complete, round);
      add(table, change.key, entry);
    }
    index(table, change.key, entry.row, false);
    if (change.row === null) {
      entry.deleted = true;
      entry.dirty = false;
      entry.row = null;
      entry.stored = false;
      entry.absent = true; // the batch's deletes run before its inserts
    } else {
      // Rows live only in this memory and projections build new rows rather than keep old ones.
      if (entry.row) Object.assign(entry.row, change.row);
      else entry.row = { ...change.row };
      entry.dirty = true;
    }
    index(table, change.key, entry.row, true);
  }

  /**
   * The rows the events ask for that memory does not hold: one statement for every table (null when
   * nothing is to be read), each row beside its table's name; `take` puts what it returned in memory.
   */
  function planRead(events: readonly RecordedDomainEvent[]): { sql: string | null; take(rows: ReadRow[]): void } {
    const keys = new Map<Table, Set<string>>();
    const groups = new Map<Table, Set<string>>();
    const ask = (map: Map<Table, Set<string>>, table: Table, value: string) => {
      const set = map.get(table) ?? new Set<string>();
      set.add(value);
      map.set(table, set);
    };
    for (const event of events) {
      for (const projection of projections) {
        for (const need of projection.needs(event)) {
          const table = tableOf(need.table);
          if (table.spec.insertOnly) throw new Error(`${table.spec.name} is insert-only: its rows are never read`);
          if ('key' in need) {
            if (entryOf(table, need.key)) continue;
            if (complete) add(table, need.key, freshEntry(null, true, round));
            else ask(keys, table, need.key);
          } else if (!complete && !table.loaded.has(need.group)) ask(groups, table, need.group);
        }
      }
    }
    const read = [...new Set([...keys.keys(), ...groups.keys()])].map((table) => ({
      table,
      wanted: [...(keys.get(table) ?? [])],
      wantedGroups: [...(groups.get(table) ?? [])],
    }));
    const selects = read.map(({ table, wanted, wantedGroups }) => {
      const { name, key, groupBy } = table.spec;
      if (wantedGroups.length > 0 && !groupBy) throw new Error(`${name} has no group column`);
      const where = [`${ident(key)} = any(${textArray(wanted)})`];
      if (wantedGroups.length > 0 && groupBy) where.push(`${ident(groupBy)} = any(${textArray(wantedGroups)})`);
      return `select ${pg.escapeLiteral(name)} as t, to_jsonb(x) as r from ${ident(schema)}.${ident(name)} x where ${where.join(' or ')}`;
    });
    return {
      sql: selects.length > 0 ? selects.join('\nunion all\n') : null,
      take(rows) {
        // What memory holds (changed, deleted or read before) is newer than the table.
        for (const { t, r } of rows) {
          const table = tableOf(t);
          const rowKey = String(r[table.spec.key]);
          if (!table.entries.has(rowKey)) add(table, rowKey, freshEntry(r, false, round));
        }
        for (const { table, wanted, wantedGroups } of read) {
          for (const wantedKey of wanted)
            if (!table.entries.has(wantedKey)) add(table, wantedKey, freshEntry(null, true, round));
          for (const group of wantedGroups) table.loaded.add(group);
        }
      },
    };
  }

  /** The insert-only rows of these tables are written: no longer held. */
  function insertedWritten(written: Iterable<Table>): void {
    for (const table of written) {
      held -= table.inserted.length;
      table.inserted = [];
    }
  }

  function plan(events: readonly RecordedDomainEvent[]): { read: string | null; fold(rows: ReadRow[]): void } {
    round++;
    const read = planRead(events);
    return {
      read: read.sql,
      fold(rows) {
        read.take(rows);
        fold(events);
      },
    };
  }

  function fold(events: readonly RecordedDomainEvent[]): void {
    for (const event of events) {
      for (const projection of projections) {
        for (const change of projection.project(event, view)) put(tableOf(change.table), change);
      }
    }
  }

  return {
    /** Every row the tables hold is in memory (nothing forgotten yet): nothing is read back. */
    get complete() {
      return complete;
    },

    /** Rows (and rows known absent) held, and rows of insert-only tables waiting for the next write. */
    get size() {
      return held;
    },

    /** Folds the events, in order, through every projection (reading first what they need and memory lacks). */
    async apply(db: pg.ClientBase, events: readonly RecordedDomainEvent[]): Promise<void> {
      const step = plan(events);
      if (step.read) step.fold((await db.query<ReadRow>(step.read)).rows);
      else step.fold([]);
    },

    /**
     * `apply` in two steps, for a caller that sends the read itself, in a message with other statements:
     * the statement that reads what the events need (null: nothing to read), then `fold` with its rows.
     */
    plan,

    /**
     * Writes every change since the last write, in the caller's transaction. With `unsent`, the last of
     * the statements are returned instead of sent, for the caller's commit message (see writeChanges).
     */
    async write(db: pg.ClientBase, unsent = false): Promise<string> {
      const rest = await writeChanges(db, schema, [...tables.values()], { copyFrom: options.copyFrom, unsent });
      insertedWritten(tables.values());
      return rest;
    },

    /** Rows of insert-only tables put since they were last written (a replay into a fresh schema). */
    get inserted() {
      let rows = 0;
      for (const table of tables.values()) rows += table.inserted.length;
      return rows;
    },

    /**
     * Writes only the rows of insert-only tables put since the last write, in the caller's transaction:
     * never read back, they need not wait in memory for the rows that are (nor push those out).
     */
    async writeInserted(db: pg.ClientBase): Promise<void> {
      const waiting = [...tables.values()].filter((table) => table.inserted.length > 0);
      const rows = waiting.map(({ spec, inserted }) => ({ spec, entries: new Map<string, Entry>(), inserted }));
      await writeChanges(db, schema, rows, { copyFrom: options.copyFrom });
      insertedWritten(waiting);
    },

    /**
     * After a write: forget rows not used lately, down to `keep` (the least recently used first).
     * Rows forgotten are read back from the table when next needed.
     */
    evict(keep: number): void {
      if (held <= keep) return;
      const perRound = new Map<number, number>();
      for (const table of tables.values())
        for (const entry of table.entries.values()) perRound.set(entry.used, (perRound.get(entry.used) ?? 0) + 1);
      // The oldest round still kept: newer rounds fill `keep` first.
      let kept = 0;
      let from = round + 1;
      for (const r of [...perRound.keys()].sort((a, b) => b - a)) {
        kept += perRound.get(r) ?? 0;
        if (kept > keep) break;
        from = r;
      }
      for (const table of tables.values()) {
        if (complete) for (const group of table.groups.keys()) table.loaded.add(group);
        for (const [key, entry] of table.entries) {
          if (entry.used >= from) continue;
          if (entry.dirty || entry.deleted) throw new Error('rows are evicted only once written');
          table.entries.delete(key);
          held--;
          const groupBy = table.spec.groupBy;
          if (groupBy && entry.row) {
            const group = String(entry.row[groupBy]);
            index(table, key, entry.row, false);
            table.loaded.delete(group);
          }
        }
      }
      complete = false;
    },
  };
}

const ident = pg.escapeIdentifier;

/**
 * Applies a batch of events to every projection as one unit of work, on a connection whose transaction
 * the caller owns: the rows the batch reads are fetched with one statement, every event is folded
 * in memory through the pure projections in order, and the result is written with a few set-based
 * statements per table (deletes, then multi-row upserts). The rows written are exactly those applying
 * the events one at a time would leave. Returns the events applied.
 */
export async function applyEvents(
  db: pg.ClientBase,
  recorded: readonly RecordedEvent[],
  options: { projections: readonly Projection[]; schema: string; logger: Logger },
): Promise<number> {
  return applyParsedEvents(db, parseEvents(recorded, options.logger), options);
}

/** The events projections follow, parsed; one that does not match its schema is logged and skipped. */
export function parseEvents(recorded: readonly RecordedEvent[], logger: Logger): RecordedDomainEvent[] {
  const events: RecordedDomainEvent[] = [];
  for (const event of recorded) {
    try {
      const parsed = parseDomainEvent(event);
      if (parsed) events.push(parsed);
    } catch (error) {
      logger.error({ err: error, eventId: event.id, type: event.type }, 'event does not match its schema; skipped');
    }
  }
  return events;
}

export async function applyParsedEvents(
  db: pg.ClientBase,
  events: readonly RecordedDomainEvent[],
  options: { projections: readonly Projection[]; schema: string; copyFrom?: number },
): Promise<number> {
  if (events.length === 0) return 0;
  const memory = createRowMemory(options);
  await memory.apply(db, events);
  await memory.write(db);
  return events.length;
}
