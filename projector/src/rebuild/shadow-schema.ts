import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import pg from 'pg';
import type { Projection } from '../runtime/projection.ts';
import type { ReplayDeps } from '../runtime/replay.ts';

/** What a rebuild and a verification both take: they replay every event into a schema of their own. */
export interface ReplayIntoShadowOptions {
  pool: pg.Pool;
  store: EventStore;
  projections: readonly Projection[];
  logger: Logger;
  /** The live projector's checkpoint row. */
  name?: string;
  /** Events read per batch (default SHADOW_BATCH). */
  batchSize?: number;
  /** Rows held in memory across batches (replay.ts, default ROWS_IN_MEMORY; 0 reads every batch's rows back). */
  rowsInMemory?: number;
}

/** The default batch of a replay into a shadow schema. */
export const SHADOW_BATCH = 20_000;

/** What a rebuild's or a verification's replay runs with, from their options. */
export const replayDeps = (options: ReplayIntoShadowOptions & { copyFrom?: number }): ReplayDeps => ({
  store: options.store,
  projections: options.projections,
  logger: options.logger,
  batchSize: options.batchSize ?? SHADOW_BATCH,
  copyFrom: options.copyFrom,
  rowsInMemory: options.rowsInMemory,
});

const live = 'rm';
const ident = pg.escapeIdentifier;

export const readModelTables = (projections: readonly Projection[]): string[] =>
  projections.flatMap((projection) => projection.tables.map((table) => table.name));

/** What the shadow tables are created without: built once their rows are in, faster than row by row. */
export interface DeferredIndexes {
  /**
   * Per table: its primary key, unique constraints and indexes, and the index on its group column, which a
   * replay needs before it reads rows back or upserts them (`buildKeys`).
   */
  keys: Map<string, string[]>;
  /** Per table: its other indexes. */
  others: Map<string, string[]>;
  /** The foreign keys between read-model tables, each checked once over all the rows. */
  foreignKeys: string[];
}

/**
 * A shadow schema: an empty copy of every read-model table (columns, defaults, checks, triggers) plus a
 * checkpoints table of its own, built beside the live `rm` ones. Its indexes, keys and foreign keys (the
 * live tables' own definitions) are returned, to build with `buildKeys` and `finishShadow`.
 */
export async function createShadow(
  db: pg.ClientBase,
  projections: readonly Projection[],
  shadow: string,
): Promise<DeferredIndexes> {
  const tables = readModelTables(projections);
  await db.query(`drop schema if exists ${ident(shadow)} cascade`);
  await db.query(`create schema ${ident(shadow)}`);
  await db.query(`create table ${ident(shadow)}.checkpoints (like ${live}.checkpoints including all)`);
  for (const table of tables) {
    await db.query(
      `create table ${ident(shadow)}.${ident(table)} (like ${live}.${ident(table)} including all excluding indexes)`,
    );
  }
  const relations = tables.map((table) => `${live}.${ident(table)}`);
  await copySettings(db, relations, shadow);
  const onShadow = (definition: string) =>
    definition.replace(
      / ON (ONLY )?(rm\.)?("?[\w]+"?) /,
      (_m, only = '', _s, table: string) => ` ON ${only}${ident(shadow)}.${table} `,
    );
  const deferred: DeferredIndexes = { keys: new Map(), others: new Map(), foreignKeys: [] };
  const groupColumns = new Map(projections.flatMap((p) => p.tables.map((t) => [t.name, t.groupBy ?? ''] as const)));
  const { rows: indexes } = await db.query<{
    table: string;
    definition: string;
    unique: boolean;
    constraint: string | null;
    constraintDefinition: string | null;
    firstColumn: string;
  }>(
    `select r.relname as "table", pg_get_indexdef(i.indexrelid) as definition, i.indisunique as "unique",
            k.conname as "constraint", pg_get_constraintdef(k.oid) as "constraintDefinition",
            coalesce((select attname from pg_attribute a where a.attrelid = i.indrelid and a.attnum = i.indkey[0]), '') as "firstColumn"
       from pg_index i join pg_class r on r.oid = i.indrelid join pg_class c on c.oid = i.indexrelid
       left join pg_constraint k on k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x')
      where i.indrelid = any($1::regclass[])
      order by k.conname is null, c.relname`,
    [relations],
  );
  for (const index of indexes) {
    const statement =
      index.constraint && index.constraintDefinition
        ? `alter table ${ident(shadow)}.${ident(index.table)} add constraint ${ident(index.constraint)} ${index.constraintDefinition}`
        : onShadow(index.definition);
    const key = index.unique || index.firstColumn === groupColumns.get(index.table);
    const list = key ? deferred.keys : deferred.others;
    list.set(index.table, [...(list.get(index.table) ?? []), statement]);
  }
  const { rows: foreignKeys } = await db.query<{ name: string; table: string; definition: string }>(
    `select c.conname as name, r.relname as "table", pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class r on r.oid = c.conrelid
      where c.contype = 'f' and c.conrelid = any($1::regclass[]) and c.confrelid = any($1::regclass[])`,
    [relations],
  );
  for (const key of foreignKeys) {
    deferred.foreignKeys.push(
      `alter table ${ident(shadow)}.${ident(key.table)} add constraint ${ident(key.name)} ${key.definition.replace(
        /REFERENCES (rm\.)?/,
        `REFERENCES ${ident(shadow)}.`,
      )}`,
    );
  }
  const { rows: triggers } = await db.query<{ definition: string }>(
    `select pg_get_triggerdef(t.oid) as definition from pg_trigger t
      where not t.tgisinternal and t.tgrelid = any($1::regclass[])`,
    [relations],
  );
  for (const trigger of triggers) await db.query(onShadow(trigger.definition));
  return deferred;
}

/**
 * What `create table (like ...)` leaves behind: each table's storage parameters (fillfactor...) and its
 * columns' statistics targets (0: a column no query filters on, left out of ANALYZE), so the tables
 * swapped in are tuned as the migrations tuned the live ones.
 */
async function copySettings(db: pg.ClientBase, relations: readonly string[], shadow: string): Promise<void> {
  const { rows } = await db.query<{ table: string; options: string[] | null; targets: [string, number][] | null }>(
    `select c.relname as "table", c.reloptions as options,
            (select json_agg(json_build_array(a.attname, a.attstattarget)) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attstattarget >= 0) as targets
       from pg_class c where c.oid = any($1::regclass[])`,
    [relations],
  );
  for (const { table, options, targets } of rows) {
    const settings = [
      ...(options?.length ? [`set (${options.join(', ')})`] : []),
      ...(targets ?? []).map(([column, target]) => `alter column ${ident(column)} set statistics ${Number(target)}`),
    ];
    if (settings.length) await db.query(`alter table ${ident(shadow)}.${ident(table)} ${settings.join(', ')}`);
  }
}

/** Builds these shadow tables' keys (once each), on the replay's connection. */
export async function buildKeys(
  db: pg.ClientBase,
  deferred: DeferredIndexes,
  tables: readonly string[],
): Promise<void> {
  for (const table of tables) {
    for (const statement of deferred.keys.get(table) ?? []) await db.query(statement);
    deferred.keys.delete(table);
  }
}

/**
 * Once the rows are in: builds what createShadow left out and gathers each table's statistics (so the
 * planner knows the new tables from their first query), two tables at a time, largest first (on `db` and
 * one more connection from the pool: each statement keeps one server process busy), then adds the
 * foreign keys.
 */
export async function finishShadow(
  pool: pg.Pool,
  db: pg.ClientBase,
  deferred: DeferredIndexes,
  shadow: string,
  tables: readonly string[],
): Promise<void> {
  const { rows: sizes } = await db.query<{ table: string }>(
    `select c.relname as "table" from pg_class c
      where c.relnamespace = $1::regnamespace and c.relkind = 'r' and c.relname = any($2::text[])
      order by pg_relation_size(c.oid) desc`,
    [shadow, tables],
  );
  const queue = sizes.map((row) => row.table);
  const work = async (client: pg.ClientBase) => {
    for (let table = queue.shift(); table; table = queue.shift()) {
      for (const statement of [...(deferred.keys.get(table) ?? []), ...(deferred.others.get(table) ?? [])])
        await client.query(statement);
      await client.query(`analyze ${ident(shadow)}.${ident(table)}`);
    }
  };
  const other = await pool.connect();
  try {
    const outcomes = await Promise.allSettled([work(db), work(other)]);
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  } finally {
    other.release();
  }
  deferred.keys.clear();
  deferred.others.clear();
  for (const key of deferred.foreignKeys) await db.query(key);
}

/** Index definitions without their names, to pair a shadow table's indexes with the live one's. */
async function indexes(db: pg.ClientBase, relation: string): Promise<{ name: string; shape: string }[]> {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = $1::regclass order by c.relname`,
    [relation],
  );
  return rows.map((row) => ({ name: row.name, shape: row.definition.replace(/ INDEX \S+ ON \S+ /, ' INDEX ON ') }));
}

/**
 * Inside the caller's transaction: replace every live read-model table by its shadow copy. Readers wait
 * for the lock (briefly) and then read the new table; nobody sees an empty or partial read model. Index
 * names and grants stay what the migrations made them; rm.checkpoints and every other schema stay put.
 */
export async function swapIn(db: pg.ClientBase, projections: readonly Projection[], shadow: string): Promise<void> {
  const tables = readModelTables(projections);
  await db.query(`lock table ${tables.map((table) => `${live}.${ident(table)}`).join(', ')} in access exclusive mode`);
  const renames: { from: string; to: string }[] = [];
  const grants: string[] = [];
  for (const table of tables) {
    const old = await indexes(db, `${live}.${ident(table)}`);
    const fresh = await indexes(db, `${ident(shadow)}.${ident(table)}`);
    for (const index of old) {
      const match = fresh.findIndex((candidate) => candidate.shape === index.shape);
      if (match < 0) continue;
      const [paired] = fresh.splice(match, 1);
      if (paired && paired.name !== index.name) renames.push({ from: paired.name, to: index.name });
    }
    const { rows } = await db.query<{ grantee: string; privilege: string }>(
      `select case when a.grantee = 0 then 'public' else quote_ident(a.grantee::regrole::text) end as grantee,
              a.privilege_type as privilege
         from pg_class c, aclexplode(c.relacl) a
        where c.oid = $1::regclass and a.grantee <> c.relowner`,
      [`${live}.${ident(table)}`],
    );
    for (const row of rows) grants.push(`grant ${row.privilege} on ${live}.${ident(table)} to ${row.grantee}`);
  }
  await db.query(`drop table ${tables.map((table) => `${live}.${ident(table)}`).join(', ')}`);
  for (const table of tables) await db.query(`alter table ${ident(shadow)}.${ident(table)} set schema ${live}`);
  // Through temporary names: a shadow index may carry a name another one is about to take.
  for (const [i, { from }] of renames.entries())
    await db.query(`alter index ${live}.${ident(from)} rename to ${ident(`rebuild_swap_${i}`)}`);
  for (const [i, { to }] of renames.entries())
    await db.query(`alter index ${live}.${ident(`rebuild_swap_${i}`)} rename to ${ident(to)}`);
  for (const grant of grants) await db.query(grant);
}

export async function dropShadow(db: pg.ClientBase, shadow: string): Promise<void> {
  await db.query(`drop schema if exists ${ident(shadow)} cascade`);
}

/** Rows per read-model table in a schema. */
export async function rowCounts(
  db: pg.ClientBase,
  projections: readonly Projection[],
  schema: string,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of readModelTables(projections)) {
    const { rows } = await db.query<{ n: string }>(`select count(*) as n from ${ident(schema)}.${ident(table)}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

const REBUILD_LOCK = "hashtext('order-tracker:rebuild')";

/**
 * Runs `work` on one connection that holds the rebuild lock, so a rebuild and a verification never run
 * at once; `cleanup` (on that connection, its failure ignored) runs after, only when the lock was taken.
 */
export async function withRebuildLock<T>(
  pool: pg.Pool,
  work: (db: pg.PoolClient) => Promise<T>,
  cleanup?: (db: pg.PoolClient) => Promise<unknown>,
): Promise<T> {
  const db = await pool.connect();
  let locked = false;
  try {
    const { rows } = await db.query<{ locked: boolean }>(`select pg_try_advisory_lock(${REBUILD_LOCK}) as locked`);
    locked = rows[0]?.locked === true;
    if (!locked) throw new Error('another rebuild or verification is running');
    return await work(db);
  } finally {
    if (locked) {
      if (cleanup) await cleanup(db).catch(() => {});
      await db.query(`select pg_advisory_unlock(${REBUILD_LOCK})`).catch(() => {});
    }
    db.release();
  }
}
