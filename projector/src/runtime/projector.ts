import { parseDomainEvent as parseOrderEvent } from '@ot/contracts/events/event-registry.ts';
import {
  type Checkpoint,
  checkpointOf,
  type EventStore,
  type RecordedEvent,
  start,
} from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import type { Projection } from './projection.ts';

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
 * Applies every event to every projection. Each batch and its checkpoint commit in one transaction,
 * so an event's effect lands exactly once even if the process dies at any point. One instance is
 * active at a time (a session advisory lock on the connection that also does the writing); others wait.
 */
export function createProjector(options: ProjectorOptions) {
  const name = options.name ?? 'projector';
  const { pool, store, projections, logger } = options;
  let stopped = false;
  let wake: (() => void) | null = null;
  let client: pg.PoolClient | null = null;

  async function readCheckpoint(db: pg.PoolClient, forUpdate: boolean): Promise<Checkpoint> {
    await db.query('insert into rm.checkpoints (name) values ($1) on conflict do nothing', [name]);
    const { rows } = await db.query<{ tx: string; position: string }>(
      `select tx, position from rm.checkpoints where name = $1${forUpdate ? ' for update' : ''}`,
      [name],
    );
    const row = rows[0];
    return row ? { tx: Number(row.tx), position: Number(row.position) } : start;
  }

  /** Apply one batch after the checkpoint; returns how many events it applied (0 when caught up). */
  async function applyNextBatch(db: pg.PoolClient): Promise<number> {
    const checkpoint = await readCheckpoint(db, false);
    const batch = await store.readAll({ after: checkpoint, limit: options.batchSize ?? 500 });
    if (batch.length === 0) return 0;
    await db.query('begin');
    try {
      const locked = await readCheckpoint(db, true);
      if (locked.tx !== checkpoint.tx || locked.position !== checkpoint.position) {
        await db.query('rollback'); // a rebuild moved the checkpoint meanwhile: read again
        return 1;
      }
      for (const event of batch) await applyEvent(db, event);
      const last = checkpointOf(batch[batch.length - 1] as RecordedEvent);
      await db.query('update rm.checkpoints set tx = $2, position = $3, updated_at = now() where name = $1', [
        name,
        last.tx,
        last.position,
      ]);
      await db.query('commit');
      return batch.length;
    } catch (error) {
      await db.query('rollback').catch(() => {});
      throw error;
    }
  }

  async function applyEvent(db: pg.PoolClient, recorded: RecordedEvent): Promise<void> {
    let event: ReturnType<typeof parseOrderEvent>;
    try {
      event = parseOrderEvent(recorded);
    } catch (error) {
      logger.error(
        { err: error, eventId: recorded.id, type: recorded.type },
        'event does not match its schema; skipped',
      );
      return;
    }
    if (!event) return;
    for (const projection of projections) {
      for (const statement of projection.project(event)) await db.query(statement.text, statement.values);
    }
  }

  async function catchUp(db: pg.PoolClient): Promise<void> {
    while (!stopped && (await applyNextBatch(db)) > 0) {}
  }

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
            await catchUp(db);
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

    /** Empty every read model and replay from the first event (waits for the active instance's batch). */
    async rebuild(): Promise<number> {
      const db = await pool.connect();
      try {
        await db.query('begin');
        await readCheckpoint(db, true);
        const tables = projections.flatMap((projection) => projection.tables);
        await db.query(`truncate ${tables.join(', ')}`);
        await db.query('update rm.checkpoints set tx = 0, position = 0, updated_at = now() where name = $1', [name]);
        await db.query('commit');
        let applied = 0;
        for (let n = await applyNextBatch(db); n > 0; n = await applyNextBatch(db)) applied += n;
        return applied;
      } catch (error) {
        await db.query('rollback').catch(() => {});
        throw error;
      } finally {
        db.release();
      }
    },

    /** Catch up once and return (tests, the rebuild script). */
    async catchUpOnce(): Promise<void> {
      const db = await pool.connect();
      try {
        await catchUp(db);
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
