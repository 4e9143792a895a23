import { type Checkpoint, checkpointOf, type EventStore, start } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import { applyEvents } from './apply-events.ts';
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
}

export const liveTarget = (name: string): Target => ({ schema: 'rm', checkpoints: 'rm.checkpoints', name });

export async function readCheckpoint(db: pg.ClientBase, target: Target, forUpdate: boolean): Promise<Checkpoint> {
  await db.query(`insert into ${target.checkpoints} (name) values ($1) on conflict do nothing`, [target.name]);
  const { rows } = await db.query<{ tx: string; position: string }>(
    `select tx, position from ${target.checkpoints} where name = $1${forUpdate ? ' for update' : ''}`,
    [target.name],
  );
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

/**
 * Inside the caller's transaction: apply the next batch after `after` and advance the checkpoint row to
 * its last event, so the batch's effect and the checkpoint commit (or roll back) together. With `until`,
 * stops after that event. Returns how many events were read (0: caught up) and the new checkpoint.
 */
export async function applyNextBatch(
  db: pg.ClientBase,
  deps: ReplayDeps,
  target: Target,
  after: Checkpoint,
  until?: Checkpoint,
): Promise<{ read: number; applied: number; checkpoint: Checkpoint; done: boolean }> {
  let batch = await deps.store.readAll({ after, limit: deps.batchSize ?? 1000 });
  let done = batch.length === 0;
  if (until) {
    if (after.position === until.position) return { read: 0, applied: 0, checkpoint: after, done: true };
    const end = batch.findIndex((event) => event.position === until.position);
    if (end >= 0) {
      batch = batch.slice(0, end + 1);
      done = true;
    }
  }
  const last = batch[batch.length - 1];
  if (!last) return { read: 0, applied: 0, checkpoint: after, done: true };
  const applied = await applyEvents(db, batch, {
    projections: deps.projections,
    schema: target.schema,
    logger: deps.logger,
  });
  const checkpoint = checkpointOf(last);
  await writeCheckpoint(db, target, checkpoint);
  return { read: batch.length, applied, checkpoint, done };
}

/** Apply batches (one transaction each) until caught up with what is committed, or until `until`; returns the events read. */
export async function catchUp(
  db: pg.ClientBase,
  deps: ReplayDeps,
  target: Target,
  options: { until?: Checkpoint; stopped?: () => boolean } = {},
): Promise<number> {
  let read = 0;
  while (!options.stopped?.()) {
    await db.query('begin');
    try {
      const checkpoint = await readCheckpoint(db, target, true);
      const step = await applyNextBatch(db, deps, target, checkpoint, options.until);
      await db.query('commit');
      read += step.read;
      if (step.done) break;
    } catch (error) {
      await db.query('rollback').catch(() => {});
      throw error;
    }
  }
  return read;
}
