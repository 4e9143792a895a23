import pg from 'pg';
import { announced } from '../db/notify.ts';
import {
  type Checkpoint,
  checkpointOf,
  type RecordedEvent,
  sameCheckpoint,
  start,
} from '../event-store/event-store.ts';
import type { BatchPlan, FollowerOptions } from './follower-options.ts';

/** A string as an SQL literal (the name goes into statements sent as one message, without parameters). */
const literal = pg.escapeLiteral;

/**
 * How one follower applies batches and moves its checkpoint. The checkpoint as stored, as this instance
 * last read or wrote it (`stored`, null: read it first), and how far it has passed (beyond `stored` only
 * by skipped batches). Only the active instance writes the row, and every batch's transaction locks it and
 * checks it is still `stored` (a rebuild's swap or a catchUpOnce may move it): so no query is spent
 * reading it before each batch.
 */
export interface Batches {
  options: FollowerOptions;
  batchSize: number;
  storeSkippedMs: number;
  planBatch(events: RecordedEvent[]): BatchPlan;
  stored: Checkpoint | null;
  passed: Checkpoint;
  storedAt: number;
  /** A full batch's successor, read while that batch is applied (dropped if the checkpoint moved). */
  prefetched: { after: Checkpoint; events: Promise<RecordedEvent[]> } | null;
}

export function createBatches(options: FollowerOptions): Batches {
  return {
    options,
    batchSize: options.batchSize ?? 500,
    storeSkippedMs: options.storeSkippedMs ?? 1000,
    planBatch:
      options.planBatch ??
      ((events: RecordedEvent[]): BatchPlan => ({
        read: null,
        async apply(db) {
          await options.applyBatch?.(db, events); // one of the two is there: the options' type says so
          return '';
        },
      })),
    stored: null,
    passed: start,
    storedAt: 0,
    prefetched: null,
  };
}

/** Forgets the checkpoint as known here: the next batch reads it first. */
export function forget(batches: Batches): void {
  batches.stored = null;
  batches.prefetched = null;
}

async function readCheckpoint(db: pg.PoolClient, name: string): Promise<Checkpoint> {
  const { rows } = await db.query<{ tx: string; position: string }>(
    'select tx::text, position::text from rm.checkpoints where name = $1',
    [name],
  );
  const row = rows[0];
  return row ? { tx: Number(row.tx), position: Number(row.position) } : start;
}

function readAfter(batches: Batches, after: Checkpoint): Promise<RecordedEvent[]> {
  const { store, dataOf } = batches.options;
  const events = store.readAll({ after, limit: batches.batchSize, ...(dataOf ? { dataOf } : {}) });
  events.catch(() => {}); // awaited when used; this only keeps a dropped read from going unhandled
  return events;
}

/**
 * `begin`, the checkpoint row locked and a batch's `read`, in one message: the read's results; null
 * (rolled back) when the checkpoint is not `stored`.
 */
async function lockCheckpoint(
  batches: Batches,
  db: pg.PoolClient,
  read: string | null = null,
): Promise<pg.QueryResult[] | null> {
  const results = (await db.query(
    `begin; select tx::text, position::text from rm.checkpoints where name = ${literal(batches.options.name)} for update${read ? `;\n${read}` : ''}`,
  )) as unknown as pg.QueryResult[];
  const row = results[1]?.rows[0] as { tx: string; position: string } | undefined;
  const locked = row ? { tx: Number(row.tx), position: Number(row.position) } : start;
  if (batches.stored && sameCheckpoint(locked, batches.stored)) return results.slice(2);
  await db.query('rollback'); // moved meanwhile (a rebuild, a catchUpOnce): read it again
  forget(batches);
  return null;
}

/** A batch's last statements (`writes`), the checkpoint moved to `next`, the announcement and the commit, in one message. */
async function commitAt(batches: Batches, db: pg.PoolClient, next: Checkpoint, writes = ''): Promise<void> {
  const { name, announce } = batches.options;
  await db.query(
    `${writes ? `${writes};\n` : ''}update rm.checkpoints set tx = ${Number(next.tx)}, position = ${Number(next.position)}, updated_at = now()
      where name = ${literal(name)};
     ${announce ? `select pg_notify(${literal(announce)}, ${literal(announced(next))});` : ''}
     commit`,
  );
  batches.stored = next;
  batches.passed = next;
  batches.storedAt = Date.now();
}

/** Runs `work` in the batch's transaction: a failure rolls it back and forgets the checkpoint. */
async function inTransaction(batches: Batches, db: pg.PoolClient, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    forget(batches);
    await db.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * Apply the next batch after the checkpoint: how many events it read (0 when caught up), and whether to
 * read on at once (a full batch, or a checkpoint that moved meanwhile). A short batch was everything
 * readable when it was read: anything committed since comes with its own wake-up.
 */
async function applyNextBatch(batches: Batches, db: pg.PoolClient): Promise<{ read: number; more: boolean }> {
  if (!batches.stored) {
    batches.stored = await readCheckpoint(db, batches.options.name);
    batches.passed = batches.stored;
    batches.storedAt = Date.now();
  }
  const from = batches.passed;
  const ahead = batches.prefetched;
  batches.prefetched = null;
  const batch = await (ahead && sameCheckpoint(ahead.after, from) ? ahead.events : readAfter(batches, from));
  const last = batch.at(-1);
  if (!last) return { read: 0, more: false };
  const next = checkpointOf(last);
  const full = batch.length >= batches.batchSize;
  const { only } = batches.options;
  if (only && !batch.some((event) => only.has(event.type))) {
    batches.passed = next; // nothing to apply: stored with the next applied batch, or by storeSkipped
    if (full) batches.prefetched = { after: next, events: readAfter(batches, next) };
    return { read: batch.length, more: full };
  }
  let moved = false;
  await inTransaction(batches, db, async () => {
    const plan = batches.planBatch(batch);
    const read = await lockCheckpoint(batches, db, plan.read);
    if (!read) {
      moved = true;
      return;
    }
    if (full) batches.prefetched = { after: next, events: readAfter(batches, next) };
    await commitAt(batches, db, next, await plan.apply(db, read));
  });
  if (moved) return { read: 0, more: true };
  batches.options.onApplied?.(batch);
  return { read: batch.length, more: full };
}

/** Store a checkpoint that skipped batches moved (when `force`, or once it has waited storeSkippedMs). */
export async function storeSkipped(batches: Batches, db: pg.PoolClient, force: boolean): Promise<void> {
  const { stored, passed } = batches;
  if (!stored || sameCheckpoint(stored, passed)) return;
  if (!force && Date.now() - batches.storedAt < batches.storeSkippedMs) return;
  if (!(await lockCheckpoint(batches, db))) return; // moved meanwhile: the skipped events are read again, harmlessly
  await inTransaction(batches, db, () => commitAt(batches, db, passed));
}

/** When storeSkipped will have work: the longest a caught-up instance may wait. */
export const skippedDueInMs = (batches: Batches): number =>
  batches.stored && !sameCheckpoint(batches.stored, batches.passed)
    ? Math.max(0, batches.storedAt + batches.storeSkippedMs - Date.now())
    : Number.POSITIVE_INFINITY;

/** Applies batches until caught up (or stopped), then stores a checkpoint skipped batches moved, if due. */
export async function catchUp(batches: Batches, db: pg.PoolClient, stopped: () => boolean): Promise<number> {
  let total = 0;
  for (let more = true; more && !stopped(); ) {
    const batch = await applyNextBatch(batches, db);
    total += batch.read;
    more = batch.more;
  }
  await storeSkipped(batches, db, stopped());
  return total;
}
