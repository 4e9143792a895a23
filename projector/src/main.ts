import { loadConfig } from '@ot/infra/config.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { followerReadiness } from '@ot/infra/launcher/ready.ts';
import { runWorker } from '@ot/infra/launcher/run-worker.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { projections } from './projections/all-projections.ts';
import { createProjector } from './runtime/projector.ts';

const config = loadConfig();
const logger = createLogger('projector', config.LOG_LEVEL);
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required (npm start provides it)');
const pool = createPool(config.DATABASE_URL, 4, config.OT_PROCESS_NAME);
const store = await createEventStore(config, pool, { hearErasures: true });
const projector = createProjector({ pool, store, projections, logger });

// Health: the checkpoint, so an operator can see how far the read models are.
runWorker({
  name: 'projector',
  logger,
  worker: projector,
  healthPort: config.PROJECTOR_HEALTH_PORT,
  launched: config.OT_LAUNCHED,
  async health(_req, res) {
    const { rows } = await pool
      .query(`select position, updated_at from rm.checkpoints where name = 'projector'`)
      .catch(() => ({ rows: [] }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'ok', service: 'projector', checkpoint: rows[0] ?? null }));
  },
  readiness: () => followerReadiness(pool, store, 'projector'),
  async close() {
    await store.close();
    await pool.end();
  },
});
