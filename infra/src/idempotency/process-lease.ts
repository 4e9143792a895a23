import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { jitteredBackoff } from '../db/backoff.ts';

/** The first key of the advisory locks the command-service processes hold for their lifetime. */
export const LEASE_NAMESPACE = 7301;

export interface ProcessLease {
  /** This process's number, held as an advisory lock while the process lives (the second key). */
  holder: number;
  close(): Promise<void>;
}

/**
 * A session-level advisory lock held on a connection of its own for as long as this process runs: the
 * server drops it the moment the process dies (its connection gone), so anyone can tell from pg_locks
 * that a request this process claimed will never finish. A lost connection is opened again, the lock
 * taken again.
 */
export function holdProcessLease(pool: pg.Pool): ProcessLease {
  const holder = randomInt(1, 2 ** 31 - 1);
  const backoff = jitteredBackoff(100, 5000);
  let client: pg.PoolClient | null = null;
  let closed = false;
  const take = async (): Promise<void> => {
    while (!closed) {
      let held: pg.PoolClient | null = null;
      try {
        held = await pool.connect();
        await held.query('select pg_advisory_lock($1, $2)', [LEASE_NAMESPACE, holder]);
        const mine = held;
        client = mine;
        mine.once('error', () => {
          if (client !== mine) return;
          client = null;
          mine.release(true);
          if (!closed) void take();
        });
        backoff.reset();
        return;
      } catch {
        held?.release(true);
        await new Promise((resolve) => setTimeout(resolve, backoff.next()));
      }
    }
  };
  void take();
  return {
    holder,
    async close() {
      closed = true;
      client?.release(true);
      client = null;
    },
  };
}
