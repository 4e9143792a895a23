import { randomUUID } from 'node:crypto';
import { createLoginCodes } from '@ot/infra/auth/login-codes.ts';
import { createLoginRateLimit } from '@ot/infra/auth/login-rate-limit.ts';
import { createSessionStore, sessionLifetimesFrom } from '@ot/infra/auth/sessions.ts';
import { createUserRepository } from '@ot/infra/auth/users.ts';
import { loadConfig } from '@ot/infra/config.ts';
import { watchChanges } from '@ot/infra/db/change-signal.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createDocumentStore } from '@ot/infra/documents/create-document-store.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { parseDocumentOrigins } from '@ot/infra/fetch/allowed-origins.ts';
import { createDocumentFetcher } from '@ot/infra/fetch/document-fetcher.ts';
import { serve } from '@ot/infra/http/service.ts';
import { createPostgresIdempotencyStore } from '@ot/infra/idempotency/idempotency-store.ts';
import { holdProcessLease } from '@ot/infra/idempotency/process-lease.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createPostgresOrderNumbers } from '@ot/infra/order-numbers/postgres-order-numbers.ts';
import { createApp } from './app.ts';

const config = loadConfig();
const logger = createLogger('command-service', config.LOG_LEVEL);
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required (npm start provides it)');
// Two connections kept through quiet spells (pool.ts): a write's session check, then its append.
const pool = createPool(config.DATABASE_URL, 10, config.OT_PROCESS_NAME, { keepIdle: 2 });
const store = await createEventStore(config, pool, { hearErasures: true });
// A customer without an account yet is remembered as such until the auth tables change (users.ts).
const authChanges = watchChanges(pool);
// Held while this process lives: a request it claimed is taken over at once by a retry if it is killed.
const lease = holdProcessLease(pool);
const app = createApp({
  config,
  pool,
  store,
  keyring: store.keyring,
  ...(config.ERASURE_LEDGER && { ledgerFile: config.ERASURE_LEDGER }),
  orderNumbers: createPostgresOrderNumbers(pool, config.ORDER_NUMBER_PREFIX),
  idempotency: createPostgresIdempotencyStore(pool, { holder: lease.holder }),
  logger,
  sessions: createSessionStore(pool, config.SESSION_SECRET, sessionLifetimesFrom(config)),
  users: createUserRepository(pool, authChanges),
  loginRateLimit: createLoginRateLimit(pool, {
    maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxPerClient: config.LOGIN_MAX_FAILURES_PER_CLIENT,
    windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    secret: config.SESSION_SECRET,
  }),
  loginCodes: createLoginCodes(pool, config.SESSION_SECRET),
  clock: () => new Date(),
  newId: randomUUID,
  documents: createDocumentStore(pool),
  fetcher: createDocumentFetcher({ origins: parseDocumentOrigins(config.DOCUMENT_FETCH_ORIGINS) }),
});
async function close() {
  await lease.close();
  await authChanges.close();
  await store.close();
  await pool.end();
}
serve(app, config.COMMAND_SERVICE_PORT, { config, logger, pool, onClose: close });
