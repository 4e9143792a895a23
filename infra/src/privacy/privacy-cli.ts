import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import { loadConfig } from '../config.ts';
import { withDatabase } from '../db/database.ts';
import { createPool } from '../db/pool.ts';
import { createDocumentStore } from '../documents/create-document-store.ts';
import { createEventStore } from '../event-store/create-event-store.ts';
import { createLogger } from '../logger.ts';
import { type ErasureDeps, eraseCustomer, erasureLedgerFile } from './erase-customer.ts';
import { expiredCustomers } from './retention.ts';
import { scrubStorage } from './scrub-storage.ts';

/**
 * `npm run privacy -- erase <email> [--reason <text>]`, `retention [--dry-run]`, `reapply [<ledger>]`, and
 * `scrub` (what every other one does last, as the owner: the erased rows' old versions out of the files).
 * Output names customers by id and orders by number, never by email: it may end up in a log.
 */
const USAGE =
  'Usage: npm run privacy -- erase <email> [--reason <text>]  |  retention [--dry-run]  |  reapply [<ledger file>]  |  scrub';
const args = process.argv.slice(2);
const [command, ...rest] = args;
const option = (name: string) => {
  const at = rest.indexOf(name);
  return at >= 0 ? rest[at + 1] : undefined;
};
const config = loadConfig();
const logger = createLogger('privacy', config.LOG_LEVEL);

const context = (): CommandContext => {
  const id = randomUUID();
  const name = `privacy command (${userInfo().username})`;
  return {
    actor: { kind: 'system', id: 'privacy-cli', name },
    now: new Date().toISOString(),
    commandId: id,
    correlationId: id,
  };
};

async function run(deps: ErasureDeps): Promise<number> {
  if (command === 'erase' && rest[0] && !rest[0].startsWith('--')) {
    const result = await eraseCustomer(deps, {
      email: rest[0],
      reason: option('--reason') ?? 'Erasure requested by the customer',
      context: context(),
    });
    console.log(`erased customer ${result.customerId}: orders ${result.orderNumbers.join(', ') || 'none'}`);
    return 0;
  }
  if (command === 'retention') return retention(deps, rest.includes('--dry-run'));
  if (command === 'reapply') return reapply(deps, rest[0] ?? deps.ledgerFile ?? erasureLedgerFile);
  if (command === 'scrub') return 0; // the scrub below is all it does
  console.log(USAGE);
  return 2;
}

async function retention(deps: ErasureDeps, dryRun: boolean): Promise<number> {
  if (!config.RETENTION_YEARS) {
    console.log('RETENTION_YEARS is not set: nothing expires.');
    return 1;
  }
  const expired = await expiredCustomers(deps.pool, config.RETENTION_YEARS, new Date());
  console.log(`${expired.length} customer(s) with no order activity in the last ${config.RETENTION_YEARS} year(s)`);
  for (const customer of expired) {
    const orders = customer.orderNumbers.join(', ');
    if (dryRun) {
      console.log(`  would erase: orders ${orders} (last activity ${customer.lastActivity})`);
      continue;
    }
    const result = await eraseCustomer(deps, {
      email: customer.email,
      reason: `Retention: no order activity since ${customer.lastActivity}`,
      context: context(),
    });
    console.log(`  erased customer ${result.customerId}: orders ${orders} (last activity ${customer.lastActivity})`);
  }
  return 0;
}

/** After restoring a backup: every erasure of the ledger that the restored database does not have is made again. */
async function reapply(deps: ErasureDeps, file: string): Promise<number> {
  const ledger = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  const wanted = new Set(ledger.map((line) => (JSON.parse(line) as { customerId: string }).customerId));
  const { rows: done } = await deps.pool.query<{ subject_id: string }>('select subject_id from privacy.erasures');
  for (const row of done) wanted.delete(row.subject_id);
  const { rows: emails } = await deps.pool.query<{ email: string }>(
    `select distinct lower(email) as email from (
       select customer_email as email from rm.orders union all select email from auth.users where not is_admin
       union all select customer_email from rm.customers union all select recipient_email from rm.email_events) e
     where email is not null and email <> ''`,
  );
  let applied = 0;
  for (const { email } of emails) {
    const subject = await deps.keyring.findSubject(email);
    if (!subject || !wanted.has(subject)) continue;
    await eraseCustomer(deps, { email, reason: 'Erasure applied again after restoring a backup', context: context() });
    wanted.delete(subject);
    applied++;
  }
  // Customers of the ledger the restored data no longer names by email: their keys go all the same.
  const client = await deps.pool.connect();
  try {
    for (const subjectId of wanted) {
      await deps.keyring.destroy(client, subjectId);
      await client.query(
        `insert into privacy.erasures (subject_id, erased_by) values ($1, 'ledger') on conflict do nothing`,
        [subjectId],
      );
    }
  } finally {
    client.release();
  }
  console.log(`${applied + wanted.size} erasure(s) applied again; ${ledger.length} in the ledger`);
  return 0;
}

const code = await withDatabase(config, logger, async (url) => {
  const pool = createPool(url, 4);
  const store = await createEventStore(config, pool);
  try {
    const deps = { pool, store, keyring: store.keyring, documents: createDocumentStore(pool) };
    const code = await run({ ...deps, ...(config.ERASURE_LEDGER && { ledgerFile: config.ERASURE_LEDGER }) });
    // Run as the owner: the old row versions of what was erased go from the database's files now.
    if (code === 0 && !rest.includes('--dry-run')) await scrubStorage(pool, logger);
    return code;
  } catch (error) {
    console.log((error as Error).message);
    return 1;
  } finally {
    await store.close();
    await pool.end();
  }
});
process.exit(code);
