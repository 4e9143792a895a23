import { recordVerification } from '@ot/infra/audit/verifications.ts';
import type { Checkpoint } from '@ot/infra/event-store/event-store.ts';
import type pg from 'pg';
import { applyNextBatch, catchUp, liveTarget, readCheckpoint, type Target } from '../runtime/replay.ts';
import {
  buildKeys,
  createShadow,
  dropShadow,
  type ReplayIntoShadowOptions,
  readModelTables,
  replayDeps,
  withRebuildLock,
} from './shadow-schema.ts';

export interface TableComparison {
  table: string;
  liveRows: number;
  rebuiltRows: number;
  /** The order-independent checksums (sum of a 64-bit hash per row) are equal. */
  checksumsMatch: boolean;
  ok: boolean;
  /** A few rows only the live table has, and only the rebuilt one has, named without their content. */
  onlyLive: RowSample[];
  onlyRebuilt: RowSample[];
}

/**
 * A differing row as it is kept and printed: its key where the key is an id or an order number, and the
 * md5 of its text (`select * from rm.<table> t where md5(t::text) = ...` finds a live one). Never its
 * columns: a read model holds names, emails and addresses, and a check's record outlives an erasure.
 */
export interface RowSample {
  key: Record<string, string> | null;
  md5: string;
}

export interface VerifyReport {
  ok: boolean;
  /** The position both were compared at (the live projector's checkpoint). */
  checkpoint: Checkpoint;
  events: number;
  tables: TableComparison[];
  ms: number;
}

const SCRATCH = 'rm_verify';
const SAMPLES = 5;
/** Key columns that name a row by an id, never by a person (rm.customers is keyed by email: no key shown). */
const IDENTIFYING_KEY = /^(id|[a-z_]+_id|order_number|version|position|ordinal)$/;

/** The table's primary-key columns, when every one of them is an identifier; else none. */
async function identifyingKey(db: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column: string }>(
    `select a.attname as column from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary order by a.attnum`,
    [`rm.${table}`],
  );
  const columns = rows.map((row) => row.column);
  return columns.length > 0 && columns.every((column) => IDENTIFYING_KEY.test(column)) ? columns : [];
}

async function compare(db: pg.ClientBase, table: string): Promise<TableComparison> {
  const summary = (schema: string) =>
    db.query<{ n: string; sum: string }>(
      `select count(*) as n, coalesce(sum(('x' || left(md5(t::text), 16))::bit(64)::bigint::numeric), 0)::text as sum
         from ${schema}.${table} t`,
    );
  const live = (await summary('rm')).rows[0];
  const rebuilt = (await summary(SCRATCH)).rows[0];
  const liveRows = Number(live?.n ?? 0);
  const rebuiltRows = Number(rebuilt?.n ?? 0);
  const checksumsMatch = live?.sum === rebuilt?.sum;
  const ok = checksumsMatch && liveRows === rebuiltRows;
  const key = ok ? [] : await identifyingKey(db, table);
  // Both schemas' rows have the live table's shape, so a row's text reads back as rm.<table>.
  const pairs = key.map((column) => `'${column}', (d.row::rm.${table}).${column}`);
  const keyJson = pairs.length > 0 ? `json_build_object(${pairs.join(', ')})` : 'null';
  const only = async (a: string, b: string) =>
    ok
      ? []
      : (
          await db.query<RowSample>(
            `select ${keyJson} as key, md5(d.row) as md5
               from (select t::text as row from ${a}.${table} t except all select t::text from ${b}.${table} t) d
              order by d.row limit ${SAMPLES}`,
          )
        ).rows.map((r) => ({ key: r.key, md5: r.md5 }));
  return {
    table,
    liveRows,
    rebuiltRows,
    checksumsMatch,
    ok,
    onlyLive: await only('rm', SCRATCH),
    onlyRebuilt: await only(SCRATCH, 'rm'),
  };
}

/**
 * Rebuild every read model from the events into a scratch schema and compare it with the live one, table
 * by table, at the same position: the scratch copy is replayed up to the live projector's checkpoint while
 * that projector waits (holding its checkpoint row), so neither side moves during the comparison.
 * The outcome is recorded in audit.verifications (kind 'read-models').
 */
export async function verifyReadModels(options: ReplayIntoShadowOptions): Promise<VerifyReport> {
  const started = performance.now();
  const { pool, projections } = options;
  const deps = replayDeps(options);
  const scratch: Target = { schema: SCRATCH, checkpoints: `${SCRATCH}.checkpoints`, name: 'projector' };
  const live = liveTarget(options.name ?? 'projector');
  return withRebuildLock(
    pool,
    async (db) => {
      // Of the indexes it leaves out, the scratch copy needs only its keys (to apply the last events).
      const deferred = await createShadow(db, projections, SCRATCH);
      const until = await readCheckpoint(db, live, false);
      let events = await catchUp(db, deps, scratch, {
        until,
        fresh: { keys: (tables) => buildKeys(db, deferred, tables) },
      });
      await buildKeys(db, deferred, [...deferred.keys.keys()]);
      await db.query('begin');
      try {
        const checkpoint = await readCheckpoint(db, live, true);
        let position = await readCheckpoint(db, scratch, true);
        for (;;) {
          const step = await applyNextBatch(db, deps, scratch, position, checkpoint);
          events += step.read;
          position = step.checkpoint;
          if (step.done) break;
        }
        const tables: TableComparison[] = [];
        for (const table of readModelTables(projections)) tables.push(await compare(db, table));
        await db.query('rollback');
        const report = {
          ok: tables.every((t) => t.ok),
          checkpoint,
          events,
          tables,
          ms: Math.round(performance.now() - started),
        };
        await recordVerification(db, { kind: 'read-models', ok: report.ok, details: { checkpoint, events, tables } });
        return report;
      } catch (error) {
        await db.query('rollback').catch(() => {});
        throw error;
      }
    },
    (db) => dropShadow(db, SCRATCH),
  );
}
