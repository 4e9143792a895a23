import type Router from '@koa/router';
import type { LoginCodes } from '@ot/infra/auth/login-codes.ts';
import type { LoginRateLimit } from '@ot/infra/auth/login-rate-limit.ts';
import type { SessionStore } from '@ot/infra/auth/sessions.ts';
import type { createUserRepository } from '@ot/infra/auth/users.ts';
import type { Config } from '@ot/infra/config.ts';
import type { DocumentStore } from '@ot/infra/documents/document-store.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type { DocumentFetcher } from '@ot/infra/fetch/document-fetcher.ts';
import type { AppState } from '@ot/infra/http/session.ts';
import type { IdempotencyStore } from '@ot/infra/idempotency/idempotency-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type { OrderNumbers } from '@ot/infra/order-numbers/order-numbers.ts';
import type { Keyring } from '@ot/infra/privacy/keyring.ts';
import type pg from 'pg';

/** Everything a command route may use; `main.ts` wires the real ones, tests their own. */
export interface CommandServiceDeps {
  config: Config;
  pool: pg.Pool;
  store: EventStore;
  /** Customers' data keys (the store seals personal data with them); an erasure destroys one. */
  keyring: Keyring;
  orderNumbers: OrderNumbers;
  /** First answers to writes sent with an Idempotency-Key. */
  idempotency: IdempotencyStore;
  logger: Logger;
  sessions: SessionStore;
  users: ReturnType<typeof createUserRepository>;
  loginRateLimit: LoginRateLimit;
  /** Emailed sign-in codes for a customer on a new device (CUSTOMER_LOGIN_CODE=1). */
  loginCodes: LoginCodes;
  clock: () => Date;
  newId: () => string;
  /** Uploaded spec documents. */
  documents: DocumentStore;
  /** Where erasures are recorded outside the database (default `.data/erasure-ledger.jsonl`). */
  ledgerFile?: string;
  /** The only way to fetch a URL a user gave us (the Drive import). */
  fetcher: DocumentFetcher;
}

export type CommandRouter = Router<AppState>;
