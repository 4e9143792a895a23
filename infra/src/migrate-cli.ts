import { createUserRepository } from './auth/users.ts';
import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';

/** Deployment step: apply migrations and ensure the configured admin, then exit (docker-compose `migrate`). */
const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
await migrate(config.DATABASE_URL);
if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
  const pool = createPool(config.DATABASE_URL, 1);
  await createUserRepository(pool).upsertAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  await pool.end();
}
console.log('migrations applied');
