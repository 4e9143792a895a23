import pg from 'pg';
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

const ident = pg.escapeIdentifier;

/**
 * Deletes children first, then upserts parents first; one upsert per set of columns written. A row not
 * read from the table writes the columns its projections set (the keys of its row, built only from
 * their changes); one read from it writes them all. Afterwards every entry is as the table holds it.
 * The statements go to the server together, as one message (values inlined as literals); a COPY goes
 * on its own, after those before it. With `unsent`, the statements after the last COPY are not sent
 * but returned, for the caller to send in its commit's message (the live projector: one round trip
 * for a batch's writes, its checkpoint and its commit); else everything is sent and '' returned.
 */
export async function writeChanges(
  db: pg.ClientBase,
  schema: string,
  tables: readonly TableRows[],
  options: { copyFrom?: number; unsent?: boolean } = {},
): Promise<string> {
  const copyFrom = options.copyFrom ?? COPY_FROM;
  // What to write, gathered before the first statement; every entry is then as the table will hold it.
  const plans = tables.map((table) => plan(table));
  const script = createScript();
  for (const { table, deleted } of [...plans].reverse()) {
    if (deleted.length === 0) continue;
    script.add(
      `delete from ${ident(schema)}.${ident(table.spec.name)} where ${ident(table.spec.key)} = any(${textArray(deleted)})`,
    );
  }
  for (const { table, stored, groups } of plans) {
    const [first] = stored;
    if (first) await upsert(db, script, schema, table.spec, Object.keys(first), stored, copyFrom);
    for (const { columns, rows, absent } of groups)
      await upsert(db, script, schema, table.spec, columns, rows, copyFrom, absent);
    const sums = [...(table.summed?.values() ?? [])];
    const [sum] = sums;
    if (sum) await upsert(db, script, schema, table.spec, Object.keys(sum), sums, copyFrom, table.summedFirst);
  }
  if (options.unsent) return script.take();
  await script.send(db);
  return '';
}

/** `values` as an SQL literal of type text[]. */
export const textArray = (values: readonly string[]): string =>
  `array[${values.map((value) => pg.escapeLiteral(value)).join(', ')}]::text[]`;

/** Statements to send as one message (the simple-query protocol: no parameters, one round trip for all). */
function createScript() {
  let statements: string[] = [];
  return {
    add(sql: string) {
      statements.push(sql);
    },
    take(): string {
      const text = statements.join(';\n');
      statements = [];
      return text;
    },
    /** Sends what was added, before a statement that needs the connection to itself (COPY). */
    async send(db: pg.ClientBase): Promise<void> {
      const text = this.take();
      if (text) await db.query(text);
    },
  };
}

type Script = ReturnType<typeof createScript>;

/** A table's rows in memory, and the rows of an insert-only table to insert (new, so written as absent). */
interface TableRows {
  spec: TableSpec;
  entries: Map<string, Entry>;
  inserted?: readonly Row[];
  /** A table of counts: the rows whose `spec.sums` column is added to the table's. */
  summed?: ReadonlyMap<string, Row>;
  /** The table holds no counts yet and only this transaction writes it: the counts are inserted. */
  summedFirst?: boolean;
}

/** A table's deletes, its changed stored rows and its other changed rows by columns written and `absent`. */
function plan(table: TableRows) {
  const deleted: string[] = [];
  const stored: Row[] = [];
  const bySignature = new Map<string, Group>();
  // Rows one projection built come in runs of the same columns: compared with the last group's first.
  let lastAbsent: Group | undefined;
  let lastPresent: Group | undefined;
  const addRow = (row: Row, absent: boolean) => {
    const columns = Object.keys(row);
    let group = absent ? lastAbsent : lastPresent;
    if (!group || !sameColumns(group.columns, columns)) {
      const signature = `${absent}:${columns.join(',')}`;
      group = bySignature.get(signature) ?? { columns, rows: [], absent };
      bySignature.set(signature, group);
      if (absent) lastAbsent = group;
      else lastPresent = group;
    }
    group.rows.push(row);
  };
  for (const row of table.inserted ?? []) addRow(row, true);
  table.entries.forEach((entry, key) => {
    if (entry.deleted) deleted.push(key);
    const { row } = entry;
    if (row && entry.dirty) {
      if (entry.stored) stored.push(row);
      else addRow(row, entry.absent);
      entry.absent = false;
    }
    entry.dirty = false;
    entry.deleted = false;
  });
  return { table, deleted, stored, groups: [...bySignature.values()] };
}

interface Group {
  columns: string[];
  rows: Row[];
  absent: boolean;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const generatedColumns = new Map<string, Set<string>>();

/**
 * One INSERT ... SELECT ... ON CONFLICT DO UPDATE for the rows, added to the script. Few rows (the live
 * projector's usual batch) come as one JSON literal. Many (a rebuild, an import) go first to a temporary
 * staging table by COPY, which costs the server a fraction of parsing them from JSON. A row of counts
 * (`spec.sums`) adds its count to the one the table holds.
 */
const COPY_FROM = 200;

async function upsert(
  db: pg.ClientBase,
  script: Script,
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
  const updates = spec.sums
    ? [`${ident(spec.sums)} = ${relation}.${ident(spec.sums)} + excluded.${ident(spec.sums)}`]
    : columns.filter((column) => column !== spec.key).map((c) => `${ident(c)} = excluded.${ident(c)}`);
  const conflict = `on conflict (${ident(spec.key)}) do ${updates.length > 0 ? `update set ${updates.join(', ')}` : 'nothing'}`;
  if (rows.length < copyFrom) {
    script.add(
      `insert into ${relation} (${list}) select ${list} from json_populate_recordset(null::${relation}, ${pg.escapeLiteral(JSON.stringify(rows))}::json) ${absent ? '' : conflict}`,
    );
    return;
  }
  await script.send(db);
  if (absent) {
    await copyRows(db, relation, columns, rows);
    return;
  }
  // No constraints on the staging copy (a row may carry only some columns); it lives as long as the session.
  const stage = `stage_${schema}_${spec.name}`;
  await db.query(`create temp table if not exists ${ident(stage)} as select * from ${relation} with no data`);
  await copyRows(db, `pg_temp.${ident(stage)}`, columns, rows);
  script.add(`insert into ${relation} (${list}) select ${list} from pg_temp.${ident(stage)} ${conflict}`);
  script.add(`truncate pg_temp.${ident(stage)}`);
}
