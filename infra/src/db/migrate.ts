import { join } from 'node:path';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { convertPlaintextHistory } from '../privacy/convert-history.ts';
import { loadMasterKey } from '../privacy/master-key.ts';
import { repoRoot } from '../repo-root.ts';

const migrationsDir = join(repoRoot, 'infra', 'src', 'migrations');

/**
 * Apply every pending migration, then seal the personal data of a history written before encryption
 * (once; `masterKey` is MASTER_KEY's value, else the key file's). Idempotent, and safe when several
 * processes start at once (both lock).
 */
export async function migrate(databaseUrl: string, options: { masterKey?: string } = {}): Promise<void> {
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
  await grantAppRole(databaseUrl);
  await convertPlaintextHistory(databaseUrl, () => loadMasterKey(options.masterKey));
}

/** The app role's grants cover every table, including those of migrations that came after its own. */
async function grantAppRole(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ present: boolean }>(
      `select to_regprocedure('auth.grant_app_role()') is not null as present`,
    );
    if (!rows[0]?.present) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query('select auth.grant_app_role()');
        return;
      } catch (error) {
        // Two databases of one server granting at once can collide on the shared role ("tuple concurrently updated").
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await client.end().catch(() => {});
  }
}
