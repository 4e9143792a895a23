import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import type { Projection } from '../runtime/projection.ts';

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

/**
 * A shadow schema: an empty copy of every read-model table (columns, defaults, checks, indexes, foreign
 * keys between them, triggers) plus a checkpoints table of its own, built beside the live `rm` ones.
 */
const live = 'rm';
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const readModelTables = (projections: readonly Projection[]): string[] =>
  projections.flatMap((projection) => projection.tables.map((table) => table.name));

/**
 * Returns the statements that create the indexes it left out: only unique indexes and those on a table's
 * group column (which the projector reads by) are built before the replay; the rest are faster built once after.
 */
export async function createShadow(
  db: pg.ClientBase,
  projections: readonly Projection[],
  shadow: string,
): Promise<string[]> {
  const tables = readModelTables(projections);
  await db.query(`drop schema if exists ${ident(shadow)} cascade`);
  await db.query(`create schema ${ident(shadow)}`);
  await db.query(`create table ${ident(shadow)}.checkpoints (like ${live}.checkpoints including all)`);
  for (const table of tables) {
    await db.query(`create table ${ident(shadow)}.${ident(table)} (like ${live}.${ident(table)} including all)`);
  }
  const relations = tables.map((table) => `${live}.${table}`);
  const { rows: foreignKeys } = await db.query<{ name: string; table: string; definition: string }>(
    `select c.conname as name, r.relname as "table", pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class r on r.oid = c.conrelid
      where c.contype = 'f' and c.conrelid = any($1::regclass[]) and c.confrelid = any($1::regclass[])`,
    [relations],
  );
  for (const key of foreignKeys) {
    await db.query(
      `alter table ${ident(shadow)}.${ident(key.table)} add constraint ${ident(key.name)} ${key.definition.replace(
        /REFERENCES (rm\.)?/,
        `REFERENCES ${ident(shadow)}.`,
      )}`,
    );
  }
  const { rows: triggers } = await db.query<{ table: string; definition: string }>(
    `select r.relname as "table", pg_get_triggerdef(t.oid) as definition
       from pg_trigger t join pg_class r on r.oid = t.tgrelid
      where not t.tgisinternal and t.tgrelid = any($1::regclass[])`,
    [relations],
  );
  for (const trigger of triggers) {
    await db.query(
      trigger.definition.replace(
        / ON (rm\.)?("?[\w]+"?) /,
        (_m, _s, table: string) => ` ON ${ident(shadow)}.${table} `,
      ),
    );
  }
  const deferred: string[] = [];
  for (const projection of projections) {
    for (const table of projection.tables) {
      const { rows } = await db.query<{ name: string; definition: string }>(
        `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
           from pg_index i join pg_class c on c.oid = i.indexrelid
          where i.indrelid = $1::regclass and not i.indisunique
            and coalesce((select attname from pg_attribute a where a.attrelid = i.indrelid and a.attnum = i.indkey[0]), '') <> $2`,
        [`${ident(shadow)}.${ident(table.name)}`, table.groupBy ?? ''],
      );
      for (const index of rows) {
        await db.query(`drop index ${ident(shadow)}.${ident(index.name)}`);
        deferred.push(index.definition);
      }
    }
  }
  return deferred;
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
