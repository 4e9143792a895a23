import { join } from 'node:path';
import { pushStreamPrefix } from '@ot/contracts/push/push-events.ts';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { streamPrefixes } from '../event-store/create-event-store.ts';
import { convertPlaintextHistory } from '../privacy/convert-history.ts';
import { loadMasterKey } from '../privacy/master-key.ts';
import { repoRoot } from '../repo-root.ts';

const migrationsDir = join(repoRoot, 'infra', 'src', 'migrations');

/** Where the events are: with EventStoreDB, its history is converted too. */
export interface EventStoreSetting {
  EVENT_STORE: 'postgres' | 'eventstoredb';
  EVENTSTOREDB_URL: string | undefined;
}

/**
 * Apply every pending migration, then seal the personal data of a history written before encryption
 * (once; `masterKey` is MASTER_KEY's value, else the key file's), in es.events and, with
 * EVENT_STORE=eventstoredb, in EventStoreDB. Idempotent, and safe when several processes start at once
 * (they lock).
 */
export async function migrate(
  databaseUrl: string,
  options: { masterKey?: string; eventStore?: EventStoreSetting } = {},
): Promise<void> {
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
  const masterKey = () => loadMasterKey(options.masterKey);
  await convertPlaintextHistory(databaseUrl, masterKey);
  const eventStore = options.eventStore;
  if (eventStore?.EVENT_STORE === 'eventstoredb' && eventStore.EVENTSTOREDB_URL) {
    // Every stream family the services write, including the push streams no follower reads. The gRPC
    // client is loaded only here: it would slow the start of every process that migrates.
    const prefixes = [...streamPrefixes, pushStreamPrefix];
    const { convertEventStoreDbHistory } = await import('../privacy/convert-eventstoredb-history.ts');
    await convertEventStoreDbHistory(databaseUrl, eventStore.EVENTSTOREDB_URL, { masterKey, prefixes });
  }
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
