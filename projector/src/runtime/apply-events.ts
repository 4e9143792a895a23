import { parseDomainEvent, type RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import type { RecordedEvent } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import { copyRows } from './copy-rows.ts';
import type { Change, Projection, ReadView, Row, TableSpec } from './projection.ts';

interface Entry {
  row: Row | null;
  /** The row was read from the database (so every column is known and it exists there). */
  stored: boolean;
  /** Deleted during this batch (the delete is written before any later put). */
  deleted: boolean;
  /** Changed by this batch (so it is written). */
  dirty: boolean;
  /** Columns this batch set (only these are written for a row not read first). */
  columns: Set<string>;
  /** Known not to be in the table when the batch's writes start (looked for and not found, or deleted first). */
  absent: boolean;
}

/** An entry as the batch first sees it: the row read from the table (stored), or none; `absent` as above. */
const freshEntry = (row: Row | null, absent: boolean): Entry => ({
  row,
  stored: row !== null,
  deleted: false,
  dirty: false,
  columns: new Set(),
  absent,
});

interface Table {
  spec: TableSpec;
  entries: Map<string, Entry>;
  /** Groups read from the database, and the keys of each group as the batch changes them. */
  groups: Map<string, Set<string>>;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Applies a batch of events to every projection as one unit of work, on a connection whose transaction
 * the caller owns: the rows the batch reads are fetched with one query per table, every event is folded
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
  const { projections, schema } = options;
  if (events.length === 0) return 0;

  const tables = new Map<string, Table>();
  for (const projection of projections) {
    for (const spec of projection.tables) tables.set(spec.name, { spec, entries: new Map(), groups: new Map() });
  }
  const tableOf = (name: string): Table => {
    const table = tables.get(name);
    if (!table) throw new Error(`no projection owns the table ${name}`);
    return table;
  };

  await fetchNeeds(db, schema, tableOf, needsOf(events, projections));

  const view: ReadView = {
    get(name, key) {
      const entry = tableOf(name).entries.get(key);
      if (!entry) throw new Error(`a projection read ${name} ${key} without asking for it in needs()`);
      return entry.row ?? undefined;
    },
    group(name, value) {
      const table = tableOf(name);
      const keys = table.groups.get(value);
      if (!keys) throw new Error(`a projection read the ${name} of ${value} without asking for them in needs()`);
      const rows: Row[] = [];
      for (const key of keys) {
        const row = table.entries.get(key)?.row;
        if (row) rows.push(row);
      }
      return rows;
    },
  };
  for (const event of events) {
    for (const projection of projections) {
      for (const change of projection.project(event, view)) put(tableOf(change.table), change);
    }
  }
  await write(db, schema, [...tables.values()], options.copyFrom ?? COPY_FROM);
  return events.length;
}

function needsOf(events: readonly RecordedDomainEvent[], projections: readonly Projection[]) {
  const keys = new Map<string, Set<string>>();
  const groups = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, table: string, value: string) => {
    const set = map.get(table) ?? new Set<string>();
    set.add(value);
    map.set(table, set);
  };
  for (const event of events) {
    for (const projection of projections) {
      for (const need of projection.needs(event)) {
        if ('key' in need) add(keys, need.table, need.key);
        else add(groups, need.table, need.group);
      }
    }
  }
  return { keys, groups };
}

async function fetchNeeds(
  db: pg.ClientBase,
  schema: string,
  tableOf: (name: string) => Table,
  needs: ReturnType<typeof needsOf>,
): Promise<void> {
  for (const name of new Set([...needs.keys.keys(), ...needs.groups.keys()])) {
    const table = tableOf(name);
    const { key, groupBy } = table.spec;
    const keys = [...(needs.keys.get(name) ?? [])];
    const groups = [...(needs.groups.get(name) ?? [])];
    if (groups.length > 0 && !groupBy) throw new Error(`${name} has no group column`);
    const where = [`${ident(key)} = any($1::text[])`];
    if (groups.length > 0 && groupBy) where.push(`${ident(groupBy)} = any($2::text[])`);
    const { rows } = await db.query<{ r: Row }>(
      `select to_jsonb(t) as r from ${ident(schema)}.${ident(name)} t where ${where.join(' or ')}`,
      groups.length > 0 ? [keys, groups] : [keys],
    );
    for (const key of keys) table.entries.set(key, freshEntry(null, true));
    for (const group of groups) table.groups.set(group, new Set());
    for (const { r } of rows) {
      const rowKey = String(r[key]);
      table.entries.set(rowKey, freshEntry(r, false));
      if (groupBy) table.groups.get(String(r[groupBy]))?.add(rowKey);
    }
  }
}

function put(table: Table, change: Change): void {
  let entry = table.entries.get(change.key);
  if (!entry) {
    entry = freshEntry(null, false);
    table.entries.set(change.key, entry);
  }
  const groupBy = table.spec.groupBy;
  const before = groupBy && entry.row ? String(entry.row[groupBy]) : null;
  if (change.row === null) {
    entry.deleted = true;
    entry.dirty = false;
    entry.row = null;
    entry.stored = false;
    entry.absent = true; // the batch's deletes run before its inserts
    entry.columns.clear();
  } else {
    // Rows live only in this batch's memory and projections build new rows rather than keep old ones.
    if (entry.row) Object.assign(entry.row, change.row);
    else entry.row = { ...change.row };
    entry.dirty = true;
    if (!entry.stored) for (const column in change.row) entry.columns.add(column);
  }
  const after = groupBy && entry.row ? String(entry.row[groupBy]) : null;
  if (before !== after) {
    if (before !== null) table.groups.get(before)?.delete(change.key);
    if (after !== null) table.groups.get(after)?.add(change.key);
  }
}

/** Deletes children first, then upserts parents first; one upsert per set of columns written. */
async function write(db: pg.ClientBase, schema: string, tables: readonly Table[], copyFrom: number): Promise<void> {
  for (const table of [...tables].reverse()) {
    const deleted: string[] = [];
    for (const [key, entry] of table.entries) if (entry.deleted) deleted.push(key);
    if (deleted.length === 0) continue;
    await db.query(`delete from ${ident(schema)}.${ident(table.spec.name)} where ${ident(table.spec.key)} = any($1)`, [
      deleted,
    ]);
  }
  for (const table of tables) {
    // Rows read from the database all have the table's columns; new rows, those their projection sets.
    const stored: Row[] = [];
    const bySignature = new Map<string, { columns: string[]; rows: Row[]; absent: boolean }>();
    for (const entry of table.entries.values()) {
      if (!entry.row || !entry.dirty) continue;
      if (entry.stored) {
        stored.push(entry.row);
        continue;
      }
      const columns = [...entry.columns];
      const signature = `${entry.absent}:${columns.join(',')}`;
      const group = bySignature.get(signature) ?? { columns, rows: [], absent: entry.absent };
      group.rows.push(entry.row);
      bySignature.set(signature, group);
    }
    const [first] = stored;
    if (first) await upsert(db, schema, table.spec, Object.keys(first), stored, copyFrom);
    for (const { columns, rows, absent } of bySignature.values())
      await upsert(db, schema, table.spec, columns, rows, copyFrom, absent);
  }
}

const generatedColumns = new Map<string, Set<string>>();

/**
 * One INSERT ... SELECT ... ON CONFLICT DO UPDATE for the rows. Few rows (the live projector's usual
 * batch) come as one JSON parameter: one round trip. Many (a rebuild, an import) go first to a temporary
 * staging table by COPY, which costs the server a fraction of parsing them from JSON.
 */
const COPY_FROM = 200;

async function upsert(
  db: pg.ClientBase,
  schema: string,
  spec: TableSpec,
  all: string[],
  rows: Row[],
  copyFrom: number,
  /** No row's key is in the table yet: many go straight in by COPY (as a rebuild's new rows do). */
  absent = false,
): Promise<void> {
  const relation = `${ident(schema)}.${ident(spec.name)}`;
  let generated = generatedColumns.get(spec.name);
  if (!generated) {
    const { rows: found } = await db.query<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and attgenerated <> ''`,
      [relation],
    );
    generated = new Set(found.map((column) => column.name));
    generatedColumns.set(spec.name, generated);
  }
  const columns = all.filter((column) => !generated.has(column));
  const list = columns.map(ident).join(', ');
  const updates = columns.filter((column) => column !== spec.key).map((c) => `${ident(c)} = excluded.${ident(c)}`);
  const conflict = `on conflict (${ident(spec.key)}) do ${updates.length > 0 ? `update set ${updates.join(', ')}` : 'nothing'}`;
  if (rows.length < copyFrom) {
    await db.query(
      `insert into ${relation} (${list}) select ${list} from json_populate_recordset(null::${relation}, $1::json) ${conflict}`,
      [JSON.stringify(rows)],
    );
    return;
  }
  if (absent) {
    await copyRows(db, relation, columns, rows);
    return;
  }
  // No constraints on the staging copy (a row may carry only some columns); it lives as long as the session.
  const stage = `stage_${schema}_${spec.name}`;
  await db.query(`create temp table if not exists ${ident(stage)} as select * from ${relation} with no data`);
  await copyRows(db, `pg_temp.${ident(stage)}`, columns, rows);
  await db.query(`insert into ${relation} (${list}) select ${list} from pg_temp.${ident(stage)} ${conflict}`);
  await db.query(`truncate pg_temp.${ident(stage)}`);
}
