import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { type Checkpoint, checkpointOf, type EventStore, start } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import { applyParsedEvents, createRowMemory, parseEvents } from './apply-events.ts';
import type { Projection } from './projection.ts';

/** Where read models are written: their schema and the checkpoint row that says how far they are. */
export interface Target {
  schema: string;
  /** The checkpoint table (schema-qualified) and row. */
  checkpoints: string;
  name: string;
}

export interface ReplayDeps {
  store: EventStore;
  projections: readonly Projection[];
  logger: Logger;
  batchSize?: number;
  /** Write groups of at least this many rows through COPY (see write-rows.ts). */
  copyFrom?: number;
  /**
   * `catchUp` into a fresh schema: rows held in memory across batches (default ROWS_IN_MEMORY), so rows
   * written by earlier batches are not read back. When that many are held (insert-only rows waiting to
   * be written count too), they are written; then, if more than half of them are still held, the least
   * recently used are forgotten down to half (and read back when needed again). Rows of insert-only
   * tables are written sooner, once they make a quarter of it (INSERTED_SHARE). Rows of counts are
   * bounded apart, by as many again: they wait for the end unless that many. 0: each batch written and
   * forgotten, its rows read back from the tables (as the live projector does).
   */
  rowsInMemory?: number;
}

/**
 * The default bound of `rowsInMemory`: about 0.5 kB a row here, so some 120 MB at most; it holds the
 * rows of 20,000 orders (4-5 each besides their timeline), whose replay past it read rows back and
 * upserted them at half the speed.
 */
export const ROWS_IN_MEMORY = 250_000;
/**
 * Rows of insert-only tables (never read back) are written, in the transaction of the next checkpoint,
 * once they make 1/INSERTED_SHARE of `rowsInMemory`: the bound then holds rows that are read back.
 */
const INSERTED_SHARE = 4;

export const liveTarget = (name: string): Target => ({ schema: 'rm', checkpoints: 'rm.checkpoints', name });

export async function readCheckpoint(db: pg.ClientBase, target: Target, forUpdate: boolean): Promise<Checkpoint> {
  const select = () =>
    db.query<{ tx: string; position: string }>(
      `select tx, position from ${target.checkpoints} where name = $1${forUpdate ? ' for update' : ''}`,
      [target.name],
    );
  let { rows } = await select();
  if (rows.length === 0) {
    await db.query(`insert into ${target.checkpoints} (name) values ($1) on conflict do nothing`, [target.name]);
    ({ rows } = await select());
  }
  const row = rows[0];
  return row ? { tx: Number(row.tx), position: Number(row.position) } : start;
}

export async function writeCheckpoint(db: pg.ClientBase, target: Target, checkpoint: Checkpoint): Promise<void> {
  await db.query(`update ${target.checkpoints} set tx = $2, position = $3, updated_at = now() where name = $1`, [
    target.name,
    checkpoint.tx,
    checkpoint.position,
  ]);
}

interface Batch {
  read: number;
  events: RecordedDomainEvent[];
  last: Checkpoint | null;
  /** The batch ends at `until`. */
  done: boolean;
}

/** The batch after `after` (up to `until`), parsed. */
async function readBatch(deps: ReplayDeps, after: Checkpoint, until?: Checkpoint): Promise<Batch> {
  if (until && after.position === until.position) return { read: 0, events: [], last: null, done: true };
  let batch = await deps.store.readAll({ after, limit: deps.batchSize ?? 1000 });
  let done = batch.length === 0;
  if (until) {
    const end = batch.findIndex((event) => event.position === until.position);
    if (end >= 0) {
      batch = batch.slice(0, end + 1);
      done = true;
    }
  }
  const last = batch[batch.length - 1];
  return { read: batch.length, events: parseEvents(batch, deps.logger), last: last ? checkpointOf(last) : null, done };
}

async function applyBatch(db: pg.ClientBase, deps: ReplayDeps, target: Target, batch: Batch): Promise<void> {
  await applyParsedEvents(db, batch.events, {
    projections: deps.projections,
    schema: target.schema,
    copyFrom: deps.copyFrom,
  });
  if (batch.last) await writeCheckpoint(db, target, batch.last);
}

/**
 * Inside the caller's transaction: apply the next batch after `after` and advance the checkpoint row to
 * its last event, so the batch's effect and the checkpoint commit (or roll back) together. With `until`,
 * stops after that event. Returns how many events were read and the new checkpoint.
 */
export async function applyNextBatch(
  db: pg.ClientBase,
  deps: ReplayDeps,
  target: Target,
  after: Checkpoint,
  until?: Checkpoint,
): Promise<{ read: number; checkpoint: Checkpoint; done: boolean }> {
  const batch = await readBatch(deps, after, until);
  await applyBatch(db, deps, target, batch);
  return { read: batch.read, checkpoint: batch.last ?? after, done: batch.done || batch.read === 0 };
}

/**
 * Replay into a target only this process writes (the shadow or scratch schema of a rebuild or a
 * verification, under their advisory lock) until caught up with what is committed or until `until`;
 * returns the events read. The next batch is read and parsed while the current one is folded. Batches
 * are folded into one row memory (apply-events.ts) that is written, with the checkpoint of the last
 * event folded, in one transaction when it holds `rowsInMemory` rows and at the end; rows of insert-only
 * tables go ahead in that transaction, as soon as they make a quarter of the bound. With `fresh`
 * (the target was just created, empty and without its keys) only rows forgotten are read back from it,
 * and `fresh.keys` builds a table's keys before it is first read from or written to by key (an upsert,
 * a delete); until then (and for most tables, to the end) rows go straight in and the keys are built
 * after, faster than kept up row by row. The live read models are followed by infra/src/follower instead.
 */
export async function catchUp(
  db: pg.ClientBase,
  deps: ReplayDeps,
  target: Target,
  options: { until?: Checkpoint; fresh?: { keys: (tables: readonly string[]) => Promise<void> } } = {},
): Promise<number> {
  const limit = deps.rowsInMemory ?? ROWS_IN_MEMORY;
  const memory = createRowMemory({
    projections: deps.projections,
    schema: target.schema,
    copyFrom: deps.copyFrom,
    empty: options.fresh !== undefined && limit > 0,
  });
  const keys = async (tables: readonly string[]) => {
    if (options.fresh && tables.length > 0) await options.fresh.keys(tables);
  };
  let read = 0;
  let unwritten: Checkpoint | null = null;
  // Rows of insert-only tables written ahead of the next checkpoint, in the transaction it commits.
  let open = false;
  const begin = async () => {
    if (!open) await db.query('begin');
    open = true;
  };
  let next = readBatch(deps, await readCheckpoint(db, target, false), options.until);
  next.catch(() => {}); // awaited below; this only keeps an early exit from leaving it unhandled
  try {
    for (;;) {
      const batch = await next;
      const end = !batch.last || batch.done;
      if (batch.last) {
        if (!end) {
          next = readBatch(deps, batch.last, options.until);
          next.catch(() => {});
        }
        await memory.apply(db, batch.events, keys);
        read += batch.read;
        unwritten = batch.last;
      }
      // At the end, counts held back by an earlier write are written even when no event is left unwritten.
      const held = memory.counts;
      const full = memory.size - held >= limit || held >= limit;
      if ((unwritten || (end && held > 0)) && (end || full)) {
        await begin();
        // Counts wait for the end unless many: on a fresh schema they then go in once, with no key to keep
        // up, and a failed replay drops the schema, so the checkpoint they lag behind is never resumed from.
        const counts = end || held >= limit;
        await keys(memory.writing(counts));
        await memory.write(db, false, counts);
        if (unwritten) await writeCheckpoint(db, target, unwritten);
        await db.query('commit');
        open = false;
        unwritten = null;
        if (!end) memory.evict(Math.floor(limit / 2));
      } else if (memory.inserted >= limit / INSERTED_SHARE) {
        // Written while the next batch is read and folded: the server takes them in meanwhile.
        await begin();
        await memory.writeInserted(db);
      }
      if (end) break;
    }
  } catch (error) {
    if (open) await db.query('rollback').catch(() => {});
    throw error;
  }
  return read;
}
