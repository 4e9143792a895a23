import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** The embedded test server this process started, if it did (`releaseTestServer`). */
let startedHere: { stop(): Promise<void> } | null = null;

/**
 * The server tests and benchmarks use: TEST_DATABASE_URL when set, else the embedded test server under
 * `.data/test-postgres` (started here; `stop` stops only what was started).
 */
export async function testServer(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, stop: async () => {} };
  const server = await startEmbeddedPostgres({
    dataDir: join(repoRoot, '.data', 'test-postgres'),
    database: 'postgres',
  });
  env.TEST_DATABASE_URL = server.url;
  startedHere = server;
  return server;
}

/**
 * Stops the embedded test server if `createTestDatabase` started it in this process (a benchmark run on
 * its own, without TEST_DATABASE_URL): its child process would otherwise keep this one from exiting.
 * Under `npm test` and `npm run bench`, which start it for every file, this does nothing.
 */
export async function releaseTestServer(): Promise<void> {
  const server = startedHere;
  startedHere = null;
  await server?.stop();
}

/** A name for a test database of its own on the test server, and its URL (the database is not made). */
export async function testDatabaseName(): Promise<{ name: string; url: string }> {
  const url = new URL((await testServer()).url);
  const name = `ot_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * A fresh, migrated database of its own for one test file; `drop()` removes it. `existing`: a database of
 * the test server made otherwise (a restore's target), used as it is and dropped the same way.
 */
export async function createTestDatabase(existing?: string): Promise<TestDatabase> {
  const adminUrl = (await testServer()).url;
  const name = existing ? decodeURIComponent(new URL(existing).pathname.slice(1)) : (await testDatabaseName()).name;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (!existing) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    await migrate(url.toString());
  }
  const pool = createPool(url.toString(), 30);
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
