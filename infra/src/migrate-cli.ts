import { createUserRepository } from './auth/users.ts';
import { loadConfig } from './config.ts';
import { appDatabaseUrl, prepareAppRole } from './db/app-role.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';
import { moveConfiguredDiskDocuments } from './documents/move-disk-documents.ts';
import { createLogger } from './logger.ts';

/**
 * Deployment step: apply migrations, move spec documents an earlier version kept on disk into the database,
 * and ensure the configured admin, then exit (docker-compose `migrate`).
 */
const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
const logger = createLogger('migrate', config.LOG_LEVEL);
await migrate(config.DATABASE_URL, { masterKey: config.MASTER_KEY, eventStore: config });
await moveConfiguredDiskDocuments(config.DATABASE_URL, config, logger);
if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
  const pool = createPool(config.DATABASE_URL, 1);
  await createUserRepository(pool).upsertAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  await pool.end();
}
// The services' role signs in with APP_DATABASE_URL's password (docker-compose gives them that URL).
const appUrl = await prepareAppRole(
  config.DATABASE_URL,
  appDatabaseUrl(config.DATABASE_URL, config.APP_DATABASE_URL),
  logger,
);
console.log(`migrations applied; the services connect as ${new URL(appUrl).username}`);
