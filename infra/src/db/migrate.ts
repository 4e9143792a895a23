import { join } from 'node:path';
import { runner } from 'node-pg-migrate';
import { repoRoot } from '../repo-root.ts';

const migrationsDir = join(repoRoot, 'infra', 'src', 'migrations');

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
