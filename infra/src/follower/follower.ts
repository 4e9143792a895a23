import type pg from 'pg';
import { type Alarm, createAlarm } from '../alarm.ts';
import { jitteredBackoff, sleep } from '../db/backoff.ts';
import type { Logger } from '../logger.ts';
import { type Batches, catchUp, createBatches, forget, skippedDueInMs, storeSkipped } from './follower-batches.ts';
import type { Follower, FollowerOptions } from './follower-options.ts';

const lockKey = (name: string) => `hashtext('order-tracker:${name}')`;
/**
 * After a wake-up that found no readable event (an older transaction still open on the server), look
 * again this soon, doubling towards `pollMs`: most such transactions are a few milliseconds long.
 */
const FIRST_RETRY_MS = 2;

/** One follower's running state: its batches, whether it is stopped or active, and its wake-ups. */
interface Run {
  options: FollowerOptions;
  batches: Batches;
  pollMs: number;
  settleMs: number;
  stopped: boolean;
  active: boolean;
  wakeUps: Alarm;
}

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
  const run: Run = {
    options,
    batches: createBatches(options),
    pollMs: options.pollMs ?? 1000,
    settleMs: options.settleMs ?? 0,
    stopped: false,
    active: false,
    wakeUps: createAlarm(),
  };
  let running: Promise<void> | null = null;
  return {
    run() {
      running ??= follow(run);
      return running;
    },
    async stop() {
      run.stopped = true;
      run.wakeUps.poke();
      await running;
    },
    async catchUpOnce() {
      const connection = await connect(options.pool, run.wakeUps.poke);
      try {
        await ensureCheckpointRow(connection.db, options.name);
        forget(run.batches); // without the lock: whatever the row says now
        const applied = await catchUp(run.batches, connection.db, () => run.stopped);
        await storeSkipped(run.batches, connection.db, true);
        return applied;
      } finally {
        forget(run.batches);
        await connection.release();
      }
    },
    isActive: () => run.active,
  };
}

const ensureCheckpointRow = (db: pg.PoolClient, name: string) =>
  db.query('insert into rm.checkpoints (name) values ($1) on conflict do nothing', [name]);

type Connection = Awaited<ReturnType<typeof connect>>;

/** A client from the pool whose connection may die without taking the process with it. */
async function connect(pool: pg.Pool, onLostConnection: () => void) {
  const db = await pool.connect();
  let broken = false;
  const onLost = () => {
    broken = true;
    onLostConnection(); // a waiting loop wakes, its next query fails, and it reconnects
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

async function acquireLock(run: Run, db: pg.PoolClient, logger: Logger): Promise<boolean> {
  const { name } = run.options;
  let toldStandby = false;
  while (!run.stopped) {
    const { rows } = await db.query<{ locked: boolean }>(`select pg_try_advisory_lock(${lockKey(name)}) as locked`);
    if (rows[0]?.locked) return true;
    if (!toldStandby) logger.info(`another ${name} is active; waiting as standby`);
    toldStandby = true;
    await sleep(Math.min(run.pollMs, 1000));
  }
  return false;
}

/**
 * Caught up and active: apply what comes, waiting for a wake-up, a poll or a skipped checkpoint due.
 * A wake-up that found nothing means events committed that are not readable yet (an older transaction is
 * still open somewhere on the server, and nobody will notify when it ends): then look again soon, backing
 * off towards `pollMs`.
 */
async function followWhileActive(run: Run, connection: Connection): Promise<void> {
  let retry: number | null = null; // the next wait while a wake-up has not shown its events yet
  while (!run.stopped) {
    const applied = await catchUp(run.batches, connection.db, () => run.stopped);
    if (connection.isBroken()) throw new Error('the connection was lost');
    if (applied > 0) retry = null;
    if (run.stopped) break;
    if (await run.wakeUps.wait(Math.min(retry ?? run.pollMs, skippedDueInMs(run.batches)))) {
      retry = FIRST_RETRY_MS;
      if (run.settleMs > 0 && !run.stopped) await sleep(run.settleMs);
    } else if (retry !== null) retry = Math.min(run.pollMs, retry * 2);
  }
}

/** One connection's turn: take the lock (or wait as standby), catch up, then follow; false when stopped first. */
async function activeTurn(run: Run, connection: Connection): Promise<boolean> {
  const { name, logger, onActive } = run.options;
  await ensureCheckpointRow(connection.db, name);
  if (!(await acquireLock(run, connection.db, logger))) return false;
  forget(run.batches); // another instance may have moved it while this one waited
  run.active = true;
  logger.info(`${name} active`);
  await catchUp(run.batches, connection.db, () => run.stopped);
  await onActive?.();
  return true;
}

/** Gives the lock back (storing a skipped checkpoint first when stopping) and the connection to the pool. */
async function endTurn(run: Run, connection: Connection | null): Promise<void> {
  run.active = false;
  if (connection && !connection.isBroken()) {
    if (run.stopped) await storeSkipped(run.batches, connection.db, true).catch(() => {});
    await connection.db.query('select pg_advisory_unlock_all()').catch(() => {});
  }
  await connection?.release();
}

async function follow(run: Run): Promise<void> {
  const { name, pool, store, logger } = run.options;
  const backoff = jitteredBackoff();
  let unsubscribe: (() => Promise<void>) | null = null;
  try {
    while (!run.stopped) {
      let connection: Connection | null = null;
      try {
        unsubscribe ??= await store.onAppended(run.wakeUps.poke);
        connection = await connect(pool, run.wakeUps.poke);
        if (!(await activeTurn(run, connection))) return;
        backoff.reset();
        await followWhileActive(run, connection);
      } catch (error) {
        run.active = false;
        if (run.stopped) return;
        const waitMs = backoff.next();
        logger.error(
          { err: error, retryInMs: waitMs },
          `${name}: lost its connection or failed; resuming from its checkpoint`,
        );
        await sleep(waitMs);
      } finally {
        await endTurn(run, connection);
      }
    }
  } finally {
    await unsubscribe?.().catch(() => {});
  }
}
