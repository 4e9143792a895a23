import { loadConfig } from '@ot/infra/config.ts';
import { withDatabase } from '@ot/infra/db/database.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { projections } from './projections/all-projections.ts';
import { createProjector } from './runtime/projector.ts';

/** `npm run projections:rebuild`: empty every read model and replay every event from the first. */
const config = loadConfig();
const logger = createLogger('rebuild', config.LOG_LEVEL);
await withDatabase(config, logger, async (databaseUrl) => {
  const pool = createPool(databaseUrl, 2);
  const store = await createEventStore(config, pool);
  const started = performance.now();
  const applied = await createProjector({ pool, store, projections, logger }).rebuild();
  logger.info({ events: applied, ms: Math.round(performance.now() - started) }, 'read models rebuilt');
  console.log(`Rebuilt ${projections.length} read models from ${applied} events.`);
  await store.close();
  await pool.end();
});
