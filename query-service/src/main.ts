import { createSessionStore } from '@ot/infra/auth/sessions.ts';
import { loadConfig } from '@ot/infra/config.ts';
import { listenForWakeUps, PROJECTED_CHANNEL } from '@ot/infra/db/notify.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createDocumentStore } from '@ot/infra/documents/create-document-store.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { parseDocumentOrigins } from '@ot/infra/fetch/allowed-origins.ts';
import { createDocumentFetcher } from '@ot/infra/fetch/document-fetcher.ts';
import { serve } from '@ot/infra/http/service.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createPostgresOrderNumbers } from '@ot/infra/order-numbers/postgres-order-numbers.ts';
import { createApp } from './app.ts';
import { watchQueryChanges } from './http/watch-changes.ts';

/**
 * Connections kept through quiet spells (pool.ts): a customer's order page asks three GETs at once, and on
 * the primary the change signal and the projector's wake-ups hold two more for good.
 */
const KEEP_IDLE = 6;

const config = loadConfig();
const logger = createLogger('query-service', config.LOG_LEVEL);
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required (npm start provides it)');
const pool = createPool(config.DATABASE_URL, 20, config.OT_PROCESS_NAME, { keepIdle: KEEP_IDLE });
// With a streaming replica, read models are read there; sessions (which write), the event store and
// the order-number sequence stay on the primary. Read-your-writes compares against the replica's own
// copy of the projector's checkpoint (read with the read models), so replica lag shows as waiting.
const readPool = config.READ_DATABASE_URL
  ? createPool(config.READ_DATABASE_URL, 20, config.OT_PROCESS_NAME, { keepIdle: KEEP_IDLE })
  : pool;
const store = await createEventStore(config, pool, { hearErasures: true });
// NOTIFY reaches listeners of the primary only, so it is heard there even when reading from a replica.
const projected = listenForWakeUps(pool, PROJECTED_CHANNEL);
// Sessions and order views answered from memory, exactly (change-signal.ts).
const changes = watchQueryChanges(pool, store);
const app = createApp({
  config,
  pool: readPool,
  store,
  projected,
  checkpointAnnounced: !config.READ_DATABASE_URL,
  changes,
  orderNumbers: createPostgresOrderNumbers(pool, config.ORDER_NUMBER_PREFIX),
  logger,
  sessions: createSessionStore(pool, config.SESSION_SECRET),
  clock: () => new Date(),
  documents: createDocumentStore(pool),
  fetcher: createDocumentFetcher({ origins: parseDocumentOrigins(config.DOCUMENT_FETCH_ORIGINS) }),
});
async function close() {
  await projected.close();
  await changes?.close();
  await store.close();
  if (readPool !== pool) await readPool.end();
  await pool.end();
}
serve(app, config.QUERY_SERVICE_PORT, { config, logger, pool, onClose: close });
