import type pg from 'pg';
import { copyRows } from './copy-rows.ts';
import type { Row, TableSpec } from './projection.ts';

/** A row as the runtime holds it in memory (apply-events.ts), and what writing it takes. */
export interface Entry {
  row: Row | null;
  /** The row was read from the database (so every column is known and it exists there). */
  stored: boolean;
  /** Deleted since the last write (the delete is written before any later put). */
  deleted: boolean;
  /** Changed since the last write (so it is written). */
  dirty: boolean;
  /** Known not to be in the table when the next write starts (looked for and not found, or deleted first). */
  absent: boolean;
  /** The last fold that used it (eviction keeps the recent ones). */
  used: number;
}

/** An entry as memory first sees it: the row read from the table (stored), or none; `absent` as above. */
export const freshEntry = (row: Row | null, absent: boolean, used: number): Entry => ({
  row,
  stored: row !== null,
  deleted: false,
  dirty: false,
  absent,
  used,
});

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Deletes children first, then upserts parents first; one upsert per set of columns written. A row not
 * read from the table writes the columns its projections set (the keys of its row, built only from
 * their changes); one read from it writes them all. Afterwards every entry is as the table holds it.
 */
export async function writeChanges(
  db: pg.ClientBase,
  schema: string,
  tables: readonly { spec: TableSpec; entries: Map<string, Entry> }[],
  copyFrom = COPY_FROM,
): Promise<void> {
  for (const table of [...tables].reverse()) {
    const deleted: string[] = [];
    for (const [key, entry] of table.entries) if (entry.deleted) deleted.push(key);
    if (deleted.length === 0) continue;
    await db.query(`delete from ${ident(schema)}.${ident(table.spec.name)} where ${ident(table.spec.key)} = any($1)`, [
      deleted,
    ]);
  }
  for (const table of tables) {
    const stored: Row[] = [];
    const bySignature = new Map<string, { columns: string[]; rows: Row[]; absent: boolean }>();
    for (const entry of table.entries.values()) {
      if (!entry.row || !entry.dirty) continue;
      if (entry.stored) {
        stored.push(entry.row);
        continue;
      }
      const columns = Object.keys(entry.row);
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
  for (const table of tables) {
    for (const entry of table.entries.values()) {
      if (entry.dirty) entry.absent = false;
      entry.dirty = false;
      entry.deleted = false;
    }
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
  /**
   * No row's key is in the table yet (and only this transaction writes it): inserted without looking for
   * a conflict (a fresh shadow table has no keys yet), many straight in by COPY (as a rebuild's new rows).
   */
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
      `insert into ${relation} (${list}) select ${list} from json_populate_recordset(null::${relation}, $1::json) ${absent ? '' : conflict}`,
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
