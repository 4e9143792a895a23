import pg from 'pg';
import { jitteredBackoff, sleep } from '../db/backoff.ts';
import { announced } from '../db/notify.ts';
import {
  type Checkpoint,
  checkpointOf,
  type EventStore,
  type RecordedEvent,
  sameCheckpoint,
  start,
} from '../event-store/event-store.ts';
import type { Logger } from '../logger.ts';

export type FollowerOptions = FollowerBaseOptions &
  (
    | {
        /** Apply one batch, in the transaction that also advances the checkpoint; throw to roll both back. */
        applyBatch(client: pg.PoolClient, events: RecordedEvent[]): Promise<void>;
        planBatch?: never;
      }
    | {
        /**
         * Instead of applyBatch, for a batch that reads before it writes (the projector), in fewer round
         * trips: see BatchPlan. Called before the batch's transaction begins.
         */
        planBatch(events: RecordedEvent[]): BatchPlan;
        applyBatch?: never;
      }
  );

/**
 * How a batch is applied in two messages of its transaction besides the work in between: its `read`
 * goes in the first, after `begin` and the checkpoint row's lock; what `apply` returns goes in the last,
 * before the checkpoint moves, the announcement and `commit`. Both are SQL text with every value inlined
 * as a literal (the simple-query protocol: several statements, no parameters). A statement that fails
 * rolls back the whole batch, checkpoint included, and it is read again from the checkpoint.
 */
export interface BatchPlan {
  /** Statements to run once the checkpoint row is locked (null: none); their results go to `apply`. */
  read: string | null;
  /** Apply the batch (on `client`, in its transaction); returns statements for the commit's message ('' : none). */
  apply(client: pg.PoolClient, read: pg.QueryResult[]): Promise<string>;
}

interface FollowerBaseOptions {
  /** The checkpoint row (rm.checkpoints) and the advisory lock that makes one instance active. */
  name: string;
  pool: pg.Pool;
  store: EventStore;
  logger: Logger;
  batchSize?: number;
  /** Only these event types need their data; the store may read the others without it (see readAll). */
  dataOf?: ReadonlySet<string>;
  /**
   * The only event types `applyBatch` acts on. A batch with none of them is not applied: no transaction,
   * no `onApplied`; the checkpoint passes it in memory and is stored with the next applied batch, or at
   * most `storeSkippedMs` later (events passed but not stored are read again after a restart: harmless).
   */
  only?: ReadonlySet<string>;
  /** How long a checkpoint moved only by skipped batches may wait to be stored (default 1000 ms). */
  storeSkippedMs?: number;
  /**
   * NOTIFY this channel in each batch's transaction, so the wake-up arrives with its commit, carrying the
   * new checkpoint as `<tx> <position>` (readers waiting on the checkpoint need not read it again).
   */
  announce?: string;
  /** How often to look for events when no NOTIFY came (default 1000 ms). */
  pollMs?: number;
  /**
   * After a wake-up, wait this long before reading (default 0), so the appends that follow within it are
   * read in the same batch. For a follower no reader waits on (the notifier): a busy log then costs it
   * one read every `settleMs`, not one per append.
   */
  settleMs?: number;
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
/** A string as an SQL literal (the name goes into statements sent as one message, without parameters). */
const literal = pg.escapeLiteral;
/**
 * After a wake-up that found no readable event (an older transaction still open on the server), look
 * again this soon, doubling towards `pollMs`: most such transactions are a few milliseconds long.
 */
const FIRST_RETRY_MS = 2;

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
  const settleMs = options.settleMs ?? 0;
  const batchSize = options.batchSize ?? 500;
  const storeSkippedMs = options.storeSkippedMs ?? 1000;
  const { only, announce } = options;
  const planBatch =
    options.planBatch ??
    ((events: RecordedEvent[]): BatchPlan => ({
      read: null,
      async apply(db) {
        await options.applyBatch?.(db, events); // one of the two is there: the options' type says so
        return '';
      },
    }));
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

  /**
   * The checkpoint as stored, as this instance last read or wrote it (null: read it first), and how far
   * it has passed (beyond `stored` only by skipped batches). Only the active instance writes the row, and
   * every batch's transaction locks it and checks it is still `stored` (a rebuild's swap or a catchUpOnce
   * may move it): so no query is spent reading it before each batch.
   */
  let stored: Checkpoint | null = null;
  let passed: Checkpoint = start;
  let storedAt = 0;
  const forget = () => {
    stored = null;
    prefetched = null;
  };

  /**
   * `begin`, the checkpoint row locked and a batch's `read`, in one message: the read's results; null
   * (rolled back) when the checkpoint is not `stored`.
   */
  async function lockCheckpoint(db: pg.PoolClient, read: string | null = null): Promise<pg.QueryResult[] | null> {
    const results = (await db.query(
      `begin; select tx::text, position::text from rm.checkpoints where name = ${literal(name)} for update${read ? `;\n${read}` : ''}`,
    )) as unknown as pg.QueryResult[];
    const row = results[1]?.rows[0] as { tx: string; position: string } | undefined;
    const locked = row ? { tx: Number(row.tx), position: Number(row.position) } : start;
    if (stored && sameCheckpoint(locked, stored)) return results.slice(2);
    await db.query('rollback'); // moved meanwhile (a rebuild, a catchUpOnce): read it again
    forget();
    return null;
  }

  /** A batch's last statements (`writes`), the checkpoint moved to `next`, the announcement and the commit, in one message. */
  async function commitAt(db: pg.PoolClient, next: Checkpoint, writes = ''): Promise<void> {
    await db.query(
      `${writes ? `${writes};\n` : ''}update rm.checkpoints set tx = ${Number(next.tx)}, position = ${Number(next.position)}, updated_at = now()
        where name = ${literal(name)};
       ${announce ? `select pg_notify(${literal(announce)}, ${literal(announced(next))});` : ''}
       commit`,
    );
    stored = next;
    passed = next;
    storedAt = Date.now();
  }

  /**
   * Apply the next batch after the checkpoint: how many events it read (0 when caught up), and whether to
   * read on at once (a full batch, or a checkpoint that moved meanwhile). A short batch was everything
   * readable when it was read: anything committed since comes with its own wake-up.
   */
  async function applyNextBatch(db: pg.PoolClient): Promise<{ read: number; more: boolean }> {
    if (!stored) {
      stored = await readCheckpoint(db, false);
      passed = stored;
      storedAt = Date.now();
    }
    const from = passed;
    const ahead = prefetched;
    prefetched = null;
    const batch = await (ahead && sameCheckpoint(ahead.after, from) ? ahead.events : readAfter(from));
    const last = batch.at(-1);
    if (!last) return { read: 0, more: false };
    const next = checkpointOf(last);
    const full = batch.length >= batchSize;
    if (only && !batch.some((event) => only.has(event.type))) {
      passed = next; // nothing to apply: stored with the next applied batch, or by storeSkipped
      if (full) prefetched = { after: next, events: readAfter(next) };
      return { read: batch.length, more: full };
    }
    try {
      const plan = planBatch(batch);
      const read = await lockCheckpoint(db, plan.read);
      if (!read) return { read: 0, more: true };
      if (full) prefetched = { after: next, events: readAfter(next) };
      await commitAt(db, next, await plan.apply(db, read));
    } catch (error) {
      forget();
      await db.query('rollback').catch(() => {});
      throw error;
    }
    options.onApplied?.(batch);
    return { read: batch.length, more: full };
  }

  /** Store a checkpoint that skipped batches moved (when `force`, or once it has waited storeSkippedMs). */
  async function storeSkipped(db: pg.PoolClient, force: boolean): Promise<void> {
    if (!stored || sameCheckpoint(stored, passed) || (!force && Date.now() - storedAt < storeSkippedMs)) return;
    const next = passed;
    if (!(await lockCheckpoint(db))) return; // moved meanwhile: the skipped events are read again, harmlessly
    try {
      await commitAt(db, next);
    } catch (error) {
      forget();
      await db.query('rollback').catch(() => {});
      throw error;
    }
  }

  /** When storeSkipped will have work: the longest a caught-up instance may wait. */
  const skippedDueInMs = () =>
    stored && !sameCheckpoint(stored, passed)
      ? Math.max(0, storedAt + storeSkippedMs - Date.now())
      : Number.POSITIVE_INFINITY;

  async function catchUp(db: pg.PoolClient): Promise<number> {
    let total = 0;
    for (let more = true; more && !stopped; ) {
      const batch = await applyNextBatch(db);
      total += batch.read;
      more = batch.more;
    }
    await storeSkipped(db, stopped);
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
    let toldStandby = false;
    while (!stopped) {
      const { rows } = await db.query<{ locked: boolean }>(`select pg_try_advisory_lock(${lockKey(name)}) as locked`);
      if (rows[0]?.locked) return true;
      if (!toldStandby) logger.info(`another ${name} is active; waiting as standby`);
      toldStandby = true;
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
          forget(); // another instance may have moved it while this one waited
          active = true;
          logger.info(`${name} active`);
          await catchUp(db);
          await options.onActive?.();
          backoff.reset();
          let retry: number | null = null; // the next wait while a wake-up has not shown its events yet
          while (!stopped) {
            const applied = await catchUp(db);
            if (connection.isBroken()) throw new Error('the connection was lost');
            if (applied > 0) retry = null;
            if (stopped) break;
            if (await waitForWork(Math.min(retry ?? pollMs, skippedDueInMs()))) {
              retry = FIRST_RETRY_MS;
              if (settleMs > 0 && !stopped) await sleep(settleMs);
            } else if (retry !== null) retry = Math.min(pollMs, retry * 2);
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
            if (stopped) await storeSkipped(connection.db, true).catch(() => {});
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
        forget(); // without the lock: whatever the row says now
        const applied = await catchUp(connection.db);
        await storeSkipped(connection.db, true);
        return applied;
      } finally {
        forget();
        await connection.release();
      }
    },
    isActive: () => active,
  };
}
