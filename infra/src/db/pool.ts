import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** `applicationName` (the Config's OT_PROCESS_NAME) tells the processes apart in pg_stat_activity. */
export function createPool(connectionString: string, max = 10, applicationName = 'order-tracker'): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: applicationName });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
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
