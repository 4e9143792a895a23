import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/** Apply every pending migration. Idempotent, and safe when several processes start at once (it locks). */
export async function migrate(databaseUrl: string): Promise<void> {
  await runner({
    databaseUrl,
    dir: migrationsDir,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    migrationsSchema: 'public',
    // Migrations land from parallel branches; each is independent, so the run order need not match file order.
    checkOrder: false,
    log: () => {},
    logger: { debug: () => {}, info: () => {}, warn: console.warn, error: console.error },
  });
}
