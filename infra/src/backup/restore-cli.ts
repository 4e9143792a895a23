import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { withDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { nodeArgs, runsCompiled } from '../launcher/entry-args.ts';
import { createLogger } from '../logger.ts';
import { repoRoot } from '../repo-root.ts';
import { RestoreRefused, restoreBackup } from './restore-backup.ts';
import { type StudioCounts, studioCounts } from './studio-counts.ts';

/**
 * `npm run restore -- <file> [--force]`: a backup into DATABASE_URL's database (made when missing), else the
 * embedded server's; then the checks a restore must pass: audit:verify, projections:verify, and the counts
 * of orders, items, events and documents against the backup's. Exit 1 when any fails, 2 when refused.
 */
const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('-'));
if (!file) {
  console.error('Usage: npm run restore -- <file> [--force]   (--force replaces what the database holds)');
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger('restore', config.LOG_LEVEL);
if (config.DATABASE_URL) await createDatabaseIfMissing(config.DATABASE_URL);

const ok = await withDatabase(config, logger, async (databaseUrl) => {
  const manifest = await restoreBackup(databaseUrl, resolve(file), {
    force: args.includes('--force'),
    // The master key is never in a backup: the one this studio keeps (MASTER_KEY or its key file) reads it.
    migrate: (url) => migrate(url, { masterKey: config.MASTER_KEY, eventStore: config }),
  });
  console.log(`Restored ${file} (taken ${manifest.createdAt}). Checking it:`);
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  const verified = (['audit-verify', 'projections-verify'] as const).map(
    (entry) =>
      spawnSync(process.execPath, nodeArgs(entry, runsCompiled(import.meta.url)), {
        cwd: repoRoot,
        env,
        stdio: 'inherit',
      }).status === 0,
  );
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const restored = await studioCounts(pool).finally(() => pool.end());
  console.log('\n             backup  restored');
  let same = true;
  for (const what of Object.keys(restored) as (keyof StudioCounts)[]) {
    const equal = restored[what] === manifest.counts[what];
    same &&= equal;
    console.log(
      `${what.padEnd(10)} ${String(manifest.counts[what]).padStart(9)} ${String(restored[what]).padStart(9)}  ${equal ? 'ok' : 'DIFFERENT'}`,
    );
  }
  return same && verified.every(Boolean);
}).catch((error: unknown) => {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(error.message);
  process.exit(2);
});
console.log(ok ? '\nThe restore is complete and checked.' : '\nThe restore did NOT pass its checks (see above).');
// Erasures made after the backup was taken are in the ledger kept beside the master key, not in the backup.
if (ok) console.log('Erasures made since this backup was taken: apply them again with npm run privacy -- reapply');
process.exit(ok ? 0 : 1);

/** A DATABASE_URL naming a database that does not exist yet: made on its server, as a restore's target. */
async function createDatabaseIfMissing(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await client.end().catch(() => {});
  }
  const server = new URL(url);
  const name = decodeURIComponent(server.pathname.slice(1));
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    console.log(`Created the database ${name}.`);
  } finally {
    await admin.end();
  }
}
