import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** How long a query waits for a free connection before it fails (a 503 to an HTTP client). */
const CONNECT_TIMEOUT_MS = 5_000;

export interface PoolOptions {
  /**
   * Connections kept open however long they sit idle (the others close after `idleMs`, 10 s as pg's default):
   * for a service, so the first requests after a quiet spell do not each pay for a new connection (its
   * authentication, a new server process whose catalog caches start empty, every prepared statement
   * planned again), which makes a page after a quiet spell several times slower than the next. Opened as
   * requests need them, not in advance; a connection that dies while idle is dropped and replaced as any other.
   */
  keepIdle?: number;
  /** How long the others may sit idle before they close (ms). */
  idleMs?: number;
}

/**
 * A pool whose clients can lose their connection without taking the process with them: a dropped or
 * restarted database fails the queries in flight (with an error the callers map to 503), and the pool
 * replaces the connection. pg emits 'error' on a client whose connection dies while no query runs; the
 * pool listens only while a client is idle, so each client gets its own listener for the time it is
 * checked out (a follower's long-held client, a LISTEN client). `applicationName` (the Config's
 * OT_PROCESS_NAME) tells the processes apart in pg_stat_activity.
 */
export function createPool(
  connectionString: string,
  max = 10,
  applicationName = 'order-tracker',
  { keepIdle = 0, idleMs = 10_000 }: PoolOptions = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    min: Math.min(keepIdle, max),
    idleTimeoutMillis: idleMs,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: applicationName,
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {
      // The next query on this client fails and its owner releases it; the pool then drops it.
    });
  });
  return pool;
}

export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** int8 columns arrive as strings (we never change pg's global parsers); positions fit a JS number. */
export const toNumber = (value: string | number | bigint): number => Number(value);
