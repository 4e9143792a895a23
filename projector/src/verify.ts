import { loadConfig } from '@ot/infra/config.ts';
import { withDatabase } from '@ot/infra/db/database.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { projections } from './projections/all-projections.ts';
import { type RowSample, verifyReadModels } from './rebuild/verify-read-models.ts';

/**
 * `npm run projections:verify`: rebuild every read model from the events into a scratch schema and compare
 * it with the live one, table by table; prints any difference and exits 1 when there is one.
 */
const sampleText = (row: RowSample) =>
  `${
    row.key
      ? `${Object.entries(row.key)
          .map(([column, value]) => `${column} ${value}`)
          .join(', ')}, `
      : ''
  }row md5 ${row.md5}`;

const config = loadConfig();
const logger = createLogger('verify', config.LOG_LEVEL);
const ok = await withDatabase(config, logger, async (databaseUrl) => {
  const pool = createPool(databaseUrl, 3);
  const store = await createEventStore(config, pool);
  try {
    const report = await verifyReadModels({ pool, store, projections, logger });
    console.log(
      `Replayed ${report.events} events up to position ${report.checkpoint.position} and compared ${report.tables.length} tables:`,
    );
    for (const t of report.tables) {
      const checksum = t.checksumsMatch ? 'checksum equal' : 'CHECKSUM DIFFERS';
      console.log(
        `  ${t.ok ? 'ok  ' : 'DIFF'} rm.${t.table}: ${t.liveRows} live rows, ${t.rebuiltRows} rebuilt, ${checksum}`,
      );
      for (const row of t.onlyLive) console.log(`       only live:    ${sampleText(row)}`);
      for (const row of t.onlyRebuilt) console.log(`       only rebuilt: ${sampleText(row)}`);
    }
    console.log(report.ok ? 'The read models match the events.' : 'The read models DIFFER from the events.');
    return report.ok;
  } finally {
    await store.close();
    await pool.end();
  }
});
process.exit(ok ? 0 : 1);
