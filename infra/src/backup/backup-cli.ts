import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { withDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { takeBackup } from './take-backup.ts';

/**
 * `npm run backup -- <file>`: everything the studio has (events, read models, sessions, email state, spec
 * documents, settings) into one file, taken while the app runs; DATABASE_URL, else the embedded server.
 */
const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger('backup', config.LOG_LEVEL);
await withDatabase(config, logger, async (databaseUrl) => {
  const { counts, tables } = await takeBackup(databaseUrl, resolve(file));
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backup written to ${file}: ${counts.orders} orders, ${counts.items} items, ${counts.events} events, ` +
      `${counts.documents} documents (${rows} rows in ${tables.length} tables).`,
  );
});
