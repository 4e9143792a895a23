import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { samplePlaceOrderPayload } from '@ot/contracts/testing/sample-order.ts';
import { createLoginCodes } from '@ot/infra/auth/login-codes.ts';
import { createLoginRateLimit } from '@ot/infra/auth/login-rate-limit.ts';
import { createSessionStore, sessionLifetimesFrom } from '@ot/infra/auth/sessions.ts';
import { createUserRepository } from '@ot/infra/auth/users.ts';
import { type Config, loadConfig } from '@ot/infra/config.ts';
import { watchChanges } from '@ot/infra/db/change-signal.ts';
import { listenForWakeUps, PROJECTED_CHANNEL } from '@ot/infra/db/notify.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createPostgresDocumentStore } from '@ot/infra/documents/postgres-document-store.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { type EventStore, reached, start } from '@ot/infra/event-store/event-store.ts';
import { startEventStoreDbStandIn } from '@ot/infra/event-store/testing/eventstoredb-stand-in.ts';
import { parseDocumentOrigins } from '@ot/infra/fetch/allowed-origins.ts';
import { createDocumentFetcher, type Resolve } from '@ot/infra/fetch/document-fetcher.ts';
import { createGateway } from '@ot/infra/gateway/gateway.ts';
import { createPostgresIdempotencyStore } from '@ot/infra/idempotency/idempotency-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createPostgresOrderNumbers } from '@ot/infra/order-numbers/postgres-order-numbers.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import { createApp as createCommandApp } from '../../command-service/src/app.ts';
import { projections } from '../../projector/src/projections/all-projections.ts';
import { createProjector } from '../../projector/src/runtime/projector.ts';
import { createApp as createQueryApp } from '../../query-service/src/app.ts';
import { watchQueryChanges } from '../../query-service/src/http/watch-changes.ts';

export const ADMIN = { username: 'admin', password: 'correct horse battery staple' };

/** Tests never ask real DNS (it would send a packet off this machine): `*.test` names are loopback, others fail. */
export const loopbackResolve: Resolve = async (hostname) => {
  if (hostname === 'localhost' || hostname.endsWith('.test')) return [{ address: '127.0.0.1', family: 4 }];
  throw new Error(`tests do not resolve ${hostname}`);
};

export interface Stack {
  baseUrl: string;
  /** The services behind the gateway, for what only a front proxy may send (X-Forwarded-*). */
  commandUrl: string;
  queryUrl: string;
  db: TestDatabase;
  config: Config;
  store: EventStore;
  /** A new HTTP client with its own cookie jar (one per signed-in person). */
  client(): Client;
  /** Wait until the projector has applied everything appended so far. */
  settle(): Promise<void>;
  /** Empty every read model and replay every event (the projector's own rebuild). */
  rebuild(): Promise<number>;
  stop(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

/**
 * The whole backend in one process over real HTTP: command-service, query-service and the gateway
 * on loopback ports, the projector following in the background, a fresh database of its own.
 * `eventStore: 'eventstoredb'` keeps the events in a local EventStoreDB stand-in of its own instead.
 */
export async function startStack(
  env: Record<string, string> = {},
  options: {
    projector?: boolean;
    eventStore?: 'postgres' | 'eventstoredb';
    /** The query service reads from a streaming replica: its URL for the test database's URL. */
    readReplica?: (databaseUrl: string) => string;
    /** The address the command service reaches its database at (e.g. a fault-injecting proxy in front of it). */
    commandDatabaseUrl?: (url: string) => Promise<string>;
    /** The services' clock (default the real one): what "now" and "today" are for writes and reads. */
    clock?: () => Date;
    /** A database of the test server that holds data already (a restore's), instead of a fresh one. */
    databaseUrl?: string;
  } = {},
): Promise<Stack> {
  const db = await createTestDatabase(options.databaseUrl);
  const esdb = options.eventStore === 'eventstoredb' ? await startEventStoreDbStandIn() : null;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...env,
    DATABASE_URL: db.url,
    ...(esdb && { EVENT_STORE: 'eventstoredb', EVENTSTOREDB_URL: esdb.url }),
  } as NodeJS.ProcessEnv);
  const logger = createLogger('test', 'silent');
  const store = await createEventStore(config, db.pool);
  const orderNumbers = createPostgresOrderNumbers(db.pool, config.ORDER_NUMBER_PREFIX);
  const sessions = createSessionStore(db.pool, 'test-secret', sessionLifetimesFrom(config));
  // As command-service/src/main.ts: a customer without an account is remembered until the auth tables change.
  const authChanges = watchChanges(db.pool);
  const users = createUserRepository(db.pool, authChanges);
  await users.upsertAdmin(ADMIN.username, ADMIN.password);
  const documents = createPostgresDocumentStore(db.pool);
  const privacyDir = await mkdtemp(join(tmpdir(), 'ot-privacy-'));
  const fetcher = createDocumentFetcher({
    origins: parseDocumentOrigins(config.DOCUMENT_FETCH_ORIGINS),
    resolve: loopbackResolve,
    timeoutMs: 3000,
  });
  const commandPool = options.commandDatabaseUrl ? createPool(await options.commandDatabaseUrl(db.url), 10) : db.pool;
  const commandStore = commandPool === db.pool ? store : await createEventStore(config, commandPool);
  const commandApp = createCommandApp({
    config,
    pool: commandPool,
    store: commandStore,
    keyring: commandStore.keyring,
    // The ledger of this stack's erasures, outside the repository's .data.
    ledgerFile: join(privacyDir, 'erasure-ledger.jsonl'),
    orderNumbers:
      commandPool === db.pool ? orderNumbers : createPostgresOrderNumbers(commandPool, config.ORDER_NUMBER_PREFIX),
    idempotency: createPostgresIdempotencyStore(commandPool),
    logger,
    sessions,
    users,
    loginRateLimit: createLoginRateLimit(db.pool, {
      maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerClient: config.LOGIN_MAX_FAILURES_PER_CLIENT,
      windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    }),
    loginCodes: createLoginCodes(db.pool),
    clock: options.clock ?? (() => new Date()),
    newId: randomUUID,
    documents,
    fetcher,
  });
  const readPool = options.readReplica ? createPool(options.readReplica(db.url), 10) : db.pool;
  const projected = listenForWakeUps(db.pool, PROJECTED_CHANNEL);
  const changes = watchQueryChanges(db.pool, store);
  const queryApp = createQueryApp({
    config,
    pool: readPool,
    store,
    projected,
    checkpointAnnounced: !options.readReplica,
    changes,
    orderNumbers,
    logger,
    sessions,
    clock: options.clock ?? (() => new Date()),
    documents,
    fetcher,
  });
  const commandServer = createServer(commandApp.callback());
  const queryServer = createServer(queryApp.callback());
  const commandUrl = await listen(commandServer);
  const queryUrl = await listen(queryServer);
  const gateway = createGateway({ commandUrl, queryUrl, staticDir: '/nonexistent', logger });
  const baseUrl = await listen(gateway);
  const projector = createProjector({ pool: db.pool, store, projections, logger, pollMs: 50 });
  const running = options.projector === false ? Promise.resolve() : projector.run();

  return {
    baseUrl,
    commandUrl,
    queryUrl,
    db,
    config,
    store,
    client: () => new Client(baseUrl),
    async settle() {
      for (let i = 0; i < 200; i++) {
        const place = await store.locate(0);
        const { rows } = await db.pool.query<{ tx: string; position: string }>(
          `select tx, position from rm.checkpoints where name = 'projector'`,
        );
        const row = rows[0];
        const checkpoint = row && { tx: Number(row.tx), position: Number(row.position) };
        if (reached(checkpoint ?? start, place, { event: false, head: true })) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('projector did not catch up');
    },
    rebuild: () => projector.rebuild(),
    async stop() {
      projector.stop();
      await running;
      await Promise.all([commandServer, queryServer, gateway].map((s) => new Promise((r) => s.close(r))));
      if (readPool !== db.pool) await readPool.end();
      await projected.close();
      await changes?.close();
      await authChanges.close();
      await store.close();
      await esdb?.stop();
      if (commandPool !== db.pool) await commandPool.end();
      await db.drop();
      await rm(privacyDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** fetch with a cookie jar, and read-your-writes: every read carries the position of this client's last write. */
export class Client {
  private cookie = '';
  /** The double-submit token a browser page reads from the `ot_csrf` cookie, sent with every request. */
  private csrf = '';
  private lastPosition = 0;
  constructor(private readonly baseUrl: string) {}

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h.cookie = this.cookie;
    if (this.csrf) h['x-csrf-token'] ??= this.csrf;
    if (body instanceof FormData)
      init.body = body; // fetch sets the multipart boundary itself
    else if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      init.body =
        typeof body === 'string'
          ? body
          : body instanceof Uint8Array // a file's bytes (a Buffer), sent as they are
            ? new Uint8Array(body)
            : JSON.stringify(body);
    }
    if ((method === 'GET' || method === 'HEAD') && this.lastPosition) h['x-min-position'] = String(this.lastPosition);
    const response = await fetch(this.baseUrl + path, init);
    const setCookie = response.headers.getSetCookie();
    for (const line of setCookie) {
      const [pair] = line.split(';');
      if (pair?.startsWith('ot_session=')) this.cookie = pair.endsWith('=') ? '' : pair;
      if (pair?.startsWith('ot_csrf=')) this.csrf = pair.slice('ot_csrf='.length);
    }
    const position = Number(response.headers.get('x-event-position') ?? 0);
    if (position > this.lastPosition) this.lastPosition = position;
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /** A GET whose answer is read as bytes (documents), with this client's cookie. */
  raw(path: string): Promise<Response> {
    return fetch(this.baseUrl + path, { headers: this.cookie ? { cookie: this.cookie } : {}, redirect: 'manual' });
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }

  async loginAdmin(username = ADMIN.username, password = ADMIN.password) {
    return this.post('/api/auth/admin/login', { username, password });
  }
  async loginCustomer(email: string, orderNumber: string) {
    return this.post('/api/auth/customer/login', { email, orderNumber });
  }
}

export const uniqueEmail = (name = 'customer') => `${name}.${randomUUID().slice(0, 8)}@example.com`;

/** A valid add-order payload as the add-order form sends it; `overrides` replace fields whole (items too). */
export function orderPayload(overrides: Record<string, unknown> = {}) {
  return { ...samplePlaceOrderPayload({ customerEmail: uniqueEmail() }), ...overrides };
}
