import type pg from 'pg';
import type { EventStore, RecordedEvent } from '../event-store/event-store.ts';
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
