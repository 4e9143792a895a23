import type pg from 'pg';
import { jitteredBackoff, sleep } from '../db/backoff.ts';
import {
  type Checkpoint,
  checkpointOf,
  type EventStore,
  type RecordedEvent,
  start,
} from '../event-store/event-store.ts';
import type { Logger } from '../logger.ts';

export interface FollowerOptions {
  /** The checkpoint row (rm.checkpoints) and the advisory lock that makes one instance active. */
  name: string;
  pool: pg.Pool;
  store: EventStore;
  logger: Logger;
  batchSize?: number;
  /** Only these event types need their data; the store may read the others without it (see readAll). */
  dataOf?: ReadonlySet<string>;
  /** How often to look for events when no NOTIFY came (default 1000 ms). */
  pollMs?: number;
  /** Apply one batch, in the transaction that also advances the checkpoint; throw to roll both back. */
  applyBatch(client: pg.PoolClient, events: RecordedEvent[]): Promise<void>;
  /** Each time this instance becomes the active one, once it has caught up (before it waits). */
  onActive?(): Promise<void>;
  /** After each committed batch. */
  onApplied?(events: RecordedEvent[]): void;
}

export interface Follower {
  /** Until stopped: become the active instance (or wait as standby), catch up, then follow. */
  run(): Promise<void>;
  /** Finish the batch in hand and stop; resolves when `run` has returned. */
  stop(): Promise<void>;
  /** Apply everything readable now, without the lock (tests, scripts); returns how many events. */
  catchUpOnce(): Promise<number>;
  /** Whether this instance holds the lock on a live connection. */
  isActive(): boolean;
}

const lockKey = (name: string) => `hashtext('order-tracker:${name}')`;
const same = (a: Checkpoint, b: Checkpoint) => a.tx === b.tx && a.position === b.position;

/**
 * The one way to follow the event log from a checkpoint: read a batch after the checkpoint row
 * `name`, apply it and advance the checkpoint in one transaction (so each event lands exactly once,
 * however the process or the connection dies), then wait for NOTIFY or poll. After a full batch the
 * next one is read while this one is applied. One instance per name is
 * active (a session advisory lock on the connection that also writes); others wait as standby.
 * A lost connection is survived: the client is thrown away, and after a jittered backoff a new one
 * takes the lock again and resumes from the checkpoint in the database.
 */
export function createFollower(options: FollowerOptions): Follower {
  const { name, pool, store, logger } = options;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 500;
  let stopped = false;
  let active = false;
  let running: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let woken = false;
  const poke = () => {
    woken = true;
    wake?.();
  };

  async function readCheckpoint(db: pg.PoolClient, forUpdate: boolean): Promise<Checkpoint> {
    const { rows } = await db.query<{ tx: string; position: string }>(
      `select tx::text, position::text from rm.checkpoints where name = $1${forUpdate ? ' for update' : ''}`,
      [name],
    );
    const row = rows[0];
    return row ? { tx: Number(row.tx), position: Number(row.position) } : start;
  }

  /** A full batch's successor, read while that batch is applied (dropped if the checkpoint moved). */
  let prefetched: { after: Checkpoint; events: Promise<RecordedEvent[]> } | null = null;
  const readAfter = (after: Checkpoint) => {
    const events = store.readAll({ after, limit: batchSize, ...(options.dataOf ? { dataOf: options.dataOf } : {}) });
    events.catch(() => {}); // awaited when used; this only keeps a dropped read from going unhandled
    return events;
  };

  /** Apply the next batch after the checkpoint; how many events it read (0 when caught up). */
  async function applyNextBatch(db: pg.PoolClient): Promise<number> {
    const checkpoint = await readCheckpoint(db, false);
    const ahead = prefetched;
    prefetched = null;
    const batch = await (ahead && same(ahead.after, checkpoint) ? ahead.events : readAfter(checkpoint));
    const last = batch.at(-1);
    if (!last) return 0;
    await db.query('begin');
    try {
      const locked = await readCheckpoint(db, true);
      if (!same(locked, checkpoint)) {
        await db.query('rollback'); // moved meanwhile (a rebuild, a catchUpOnce): read again
        return 1;
      }
      const next = checkpointOf(last);
      if (batch.length >= batchSize) prefetched = { after: next, events: readAfter(next) };
      await options.applyBatch(db, batch);
      await db.query('update rm.checkpoints set tx = $2, position = $3, updated_at = now() where name = $1', [
        name,
        next.tx,
        next.position,
      ]);
      await db.query('commit');
    } catch (error) {
      prefetched = null;
      await db.query('rollback').catch(() => {});
      throw error;
    }
    options.onApplied?.(batch);
    return batch.length;
  }

  async function catchUp(db: pg.PoolClient): Promise<number> {
    let total = 0;
    for (let n = await applyNextBatch(db); n > 0 && !stopped; n = await applyNextBatch(db)) total += n;
    return total;
  }

  /** A client from the pool whose connection may die without taking the process with it. */
  async function connect(): Promise<{ db: pg.PoolClient; isBroken(): boolean; release(): Promise<void> }> {
    const db = await pool.connect();
    let broken = false;
    const onLost = () => {
      broken = true;
      poke(); // a waiting loop wakes, its next query fails, and it reconnects
    };
    db.on('error', onLost);
    db.on('end', onLost);
    return {
      db,
      isBroken: () => broken,
      async release() {
        if (!broken) {
          db.off('error', onLost);
          db.off('end', onLost);
          db.release();
          return;
        }
        db.release(true);
      },
    };
  }

  /**
   * Until woken or `ms` passed. A wake-up that found nothing means events committed that are not
   * readable yet (an older transaction is still open somewhere on the server, and nobody will notify
   * when it ends): then look again soon, backing off towards `pollMs`.
   */
  async function waitForWork(ms: number): Promise<boolean> {
    if (woken) {
      woken = false;
      return true;
    }
    const poked = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    wake = null;
    woken = false;
    return poked;
  }

  async function acquireLock(db: pg.PoolClient): Promise<boolean> {
    let announced = false;
    while (!stopped) {
      const { rows } = await db.query<{ locked: boolean }>(`select pg_try_advisory_lock(${lockKey(name)}) as locked`);
      if (rows[0]?.locked) return true;
      if (!announced) logger.info(`another ${name} is active; waiting as standby`);
      announced = true;
      await sleep(Math.min(pollMs, 1000));
    }
    return false;
  }

  async function follow(): Promise<void> {
    const backoff = jitteredBackoff();
    let unsubscribe: (() => Promise<void>) | null = null;
    try {
      while (!stopped) {
        let connection: Awaited<ReturnType<typeof connect>> | null = null;
        try {
          unsubscribe ??= await store.onAppended(poke);
          connection = await connect();
          const { db } = connection;
          await db.query('insert into rm.checkpoints (name) values ($1) on conflict do nothing', [name]);
          if (!(await acquireLock(db))) return;
          active = true;
          logger.info(`${name} active`);
          await catchUp(db);
          await options.onActive?.();
          backoff.reset();
          let soon: number | null = null; // set while a wake-up has not shown its events yet
          while (!stopped) {
            const applied = await catchUp(db);
            if (connection.isBroken()) throw new Error('the connection was lost');
            if (applied > 0) soon = null;
            else if (soon !== null) soon = Math.min(pollMs, soon * 2);
            if (stopped) break;
            if (await waitForWork(soon ?? pollMs)) soon ??= 20;
          }
        } catch (error) {
          active = false;
          if (stopped) return;
          const waitMs = backoff.next();
          logger.error(
            { err: error, retryInMs: waitMs },
            `${name}: lost its connection or failed; resuming from its checkpoint`,
          );
          await sleep(waitMs);
        } finally {
          active = false;
          if (connection && !connection.isBroken()) {
            await connection.db.query('select pg_advisory_unlock_all()').catch(() => {});
          }
          await connection?.release();
        }
      }
    } finally {
      await unsubscribe?.().catch(() => {});
    }
  }

  return {
    run() {
      running ??= follow();
      return running;
    },
    async stop() {
      stopped = true;
      poke();
      await running;
    },
    async catchUpOnce() {
      const connection = await connect();
      try {
        await connection.db.query('insert into rm.checkpoints (name) values ($1) on conflict do nothing', [name]);
        return await catchUp(connection.db);
      } finally {
        await connection.release();
      }
    },
    isActive: () => active,
  };
}
