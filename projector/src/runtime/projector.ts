import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import { rebuildReadModels } from '../rebuild/rebuild-read-models.ts';
import type { Projection } from './projection.ts';
import { catchUp, liveTarget } from './replay.ts';

export interface ProjectorOptions {
  pool: pg.Pool;
  store: EventStore;
  projections: Projection[];
  logger: Logger;
  /** The checkpoint row and advisory lock name. */
  name?: string;
  batchSize?: number;
  pollMs?: number;
}

const lockKey = (name: string) => `hashtext('order-tracker:${name}')`;

/**
 * Applies every event to every projection, a batch at a time (see apply-events.ts). Each batch and its
 * checkpoint commit in one transaction, so an event's effect lands exactly once even if the process dies
 * at any point. One instance is active at a time (a session advisory lock on the connection that also
 * does the writing); others wait.
 */
export function createProjector(options: ProjectorOptions) {
  const name = options.name ?? 'projector';
  const { pool, store, projections, logger } = options;
  let stopped = false;
  let wake: (() => void) | null = null;
  let client: pg.PoolClient | null = null;

  const deps = { store, projections, logger, batchSize: options.batchSize };
  const target = liveTarget(name);
  const catchUpLive = (db: pg.PoolClient) => catchUp(db, deps, target, { stopped: () => stopped });

  async function acquireLock(db: pg.PoolClient): Promise<void> {
    let announced = false;
    while (!stopped) {
      const { rows } = await db.query<{ locked: boolean }>(`select pg_try_advisory_lock(${lockKey(name)}) as locked`);
      if (rows[0]?.locked) return;
      if (!announced) logger.info('another instance is active; waiting as standby');
      announced = true;
      await sleep(1000);
    }
  }

  return {
    /** Run until stopped: take the lock, catch up, then follow new events. */
    async run(): Promise<void> {
      client = await pool.connect();
      const db = client;
      try {
        await acquireLock(db);
        if (stopped) return;
        logger.info({ projections: projections.map((p) => p.name) }, 'projector active');
        const unsubscribe = await store.onAppended(() => wake?.());
        try {
          while (!stopped) {
            await catchUpLive(db);
            if (stopped) break;
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, options.pollMs ?? 1000);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
          }
        } finally {
          await unsubscribe();
        }
      } finally {
        await db.query(`select pg_advisory_unlock_all()`).catch(() => {});
        db.release();
        client = null;
      }
    },

    /**
     * Rebuild every read model from the first event into a shadow schema while these keep serving, then
     * swap it in (see rebuild-read-models.ts). Returns the events applied.
     */
    async rebuild(): Promise<number> {
      const report = await rebuildReadModels({ pool, store, projections, logger, name, batchSize: options.batchSize });
      return report.events;
    },

    /** Catch up once and return (tests, the rebuild script). */
    async catchUpOnce(): Promise<void> {
      const db = await pool.connect();
      try {
        await catchUpLive(db);
      } finally {
        db.release();
      }
    },

    stop(): void {
      stopped = true;
      wake?.();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
