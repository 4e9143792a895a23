import pg from 'pg';

/** Whether a new connection to `url` opens and answers a query within `timeoutMs` (never throws). */
export async function canConnect(url: string, timeoutMs = 5000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
