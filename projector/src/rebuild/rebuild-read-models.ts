import {
  applyNextBatch,
  catchUp,
  liveTarget,
  readCheckpoint,
  type Target,
  writeCheckpoint,
} from '../runtime/replay.ts';
import {
  buildKeys,
  createShadow,
  dropShadow,
  finishShadow,
  type ReplayIntoShadowOptions,
  readModelTables,
  replayDeps,
  rowCounts,
  swapIn,
  withRebuildLock,
} from './shadow-schema.ts';

export interface RebuildOptions extends ReplayIntoShadowOptions {
  copyFrom?: number;
  /** How long the swap waits for readers to let go of the read models before trying again. */
  lockTimeoutMs?: number;
}

export interface RebuildReport {
  /** Events read from the store and applied to the new read models. */
  events: number;
  /** Rows per read-model table, as swapped in. */
  rows: Record<string, number>;
  ms: number;
}

const SHADOW = 'rm_rebuild';

/**
 * Rebuild every read model from the first event without taking the live ones away: replay into a shadow
 * schema while the app keeps serving (and the live projector keeps applying) the old tables, catch up,
 * then, in one transaction holding the live projector's checkpoint row, apply the last events, swap the
 * tables in and set the live checkpoint to where the new tables are. The live projector, waiting on that
 * row, then carries on from there: no event is applied twice or skipped.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildReport> {
  const started = performance.now();
  const { pool, projections, logger } = options;
  const deps = replayDeps(options);
  const shadow: Target = { schema: SHADOW, checkpoints: `${SHADOW}.checkpoints`, name: 'projector' };
  const live = liveTarget(options.name ?? 'projector');
  return withRebuildLock(pool, async (db) => {
    try {
      const deferred = await createShadow(db, projections, SHADOW);
      const replayStarted = performance.now();
      const built = await catchUp(db, deps, shadow, { fresh: { keys: (tables) => buildKeys(db, deferred, tables) } });
      const indexStarted = performance.now();
      await finishShadow(pool, db, deferred, SHADOW, readModelTables(projections));
      const replayMs = Math.round(indexStarted - replayStarted);
      const indexMs = Math.round(performance.now() - indexStarted);
      logger.info({ events: built, replayMs, indexMs }, 'shadow read models built and indexed; swapping in');
      for (let attempt = 1; ; attempt++) {
        await db.query('begin');
        try {
          await readCheckpoint(db, live, true); // the live projector waits from here until commit
          let position = await readCheckpoint(db, shadow, true);
          let events = built;
          for (;;) {
            const step = await applyNextBatch(db, deps, shadow, position);
            if (step.read === 0) break;
            events += step.read;
            position = step.checkpoint;
          }
          await db.query(`set local lock_timeout = ${Number(options.lockTimeoutMs ?? 3000)}`);
          const counts = await rowCounts(db, projections, SHADOW);
          await swapIn(db, projections, SHADOW);
          await writeCheckpoint(db, live, position);
          await db.query('commit');
          await dropShadow(db, SHADOW);
          return { events, rows: counts, ms: Math.round(performance.now() - started) };
        } catch (error) {
          await db.query('rollback').catch(() => {});
          const lockTimeout = (error as { code?: string }).code === '55P03';
          if (!lockTimeout || attempt >= 10) throw error;
          logger.warn({ attempt }, 'readers held the read models too long; trying the swap again');
        }
      }
    } catch (error) {
      await dropShadow(db, SHADOW).catch(() => {});
      throw error;
    }
  });
}
