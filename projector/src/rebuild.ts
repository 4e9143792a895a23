import { loadConfig } from '@ot/infra/config.ts';
import { withDatabase } from '@ot/infra/db/database.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { projections } from './projections/all-projections.ts';
import { rebuildReadModels } from './rebuild/rebuild-read-models.ts';

/**
 * `npm run projections:rebuild`: replay every event into fresh read models beside the live ones, then
 * swap them in at once; safe while the app runs.
 */
const config = loadConfig();
const logger = createLogger('rebuild', config.LOG_LEVEL);
await withDatabase(config, logger, async (databaseUrl) => {
  const pool = createPool(databaseUrl, 2);
  const store = await createEventStore(config, pool);
  try {
    const report = await rebuildReadModels({ pool, store, projections, logger });
    const seconds = report.ms / 1000;
    console.log(
      `Rebuilt ${Object.keys(report.rows).length} read-model tables from ${report.events} events in ${seconds.toFixed(1)} s (${Math.round(report.events / Math.max(seconds, 0.001))} events/s).`,
    );
    for (const [table, rows] of Object.entries(report.rows)) console.log(`  rm.${table}: ${rows} rows`);
  } finally {
    await store.close();
    await pool.end();
  }
});
