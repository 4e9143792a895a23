import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { dataDir, repoRoot } from '../repo-root.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { migrate } from './migrate.ts';

export { dataDir, repoRoot };

/**
 * The database the product uses: DATABASE_URL when set, else the embedded Postgres under `.data/`
 * (started here, stopped when `work` ends). Migrations are applied before `work` runs.
 */
export async function withDatabase<T>(
  config: Pick<Config, 'DATABASE_URL' | 'MASTER_KEY' | 'EVENT_STORE' | 'EVENTSTOREDB_URL'>,
  logger: Logger,
  work: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(config, logger);
  try {
    return await work(database.url);
  } finally {
    await database.stop();
  }
}

export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'MASTER_KEY' | 'EVENT_STORE' | 'EVENTSTOREDB_URL'>,
  logger: Logger,
): Promise<{ url: string; embedded: boolean; stop(): Promise<void> }> {
  if (config.DATABASE_URL) {
    await migrate(config.DATABASE_URL, { masterKey: config.MASTER_KEY, eventStore: config });
    return { url: config.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  logger.info({ dataDir: join(dataDir, 'postgres') }, 'DATABASE_URL is not set: starting the embedded Postgres');
  const embedded = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres') });
  try {
    await migrate(embedded.url, { masterKey: config.MASTER_KEY, eventStore: config });
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { url: embedded.url, embedded: true, stop: () => embedded.stop() };
}
