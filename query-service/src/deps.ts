import type Router from '@koa/router';
import type { SessionStore } from '@ot/infra/auth/sessions.ts';
import type { Config } from '@ot/infra/config.ts';
import type { ChangeSignal } from '@ot/infra/db/change-signal.ts';
import type { WakeUps } from '@ot/infra/db/notify.ts';
import type { DocumentStore } from '@ot/infra/documents/document-store.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type { DocumentFetcher } from '@ot/infra/fetch/document-fetcher.ts';
import type { AppState } from '@ot/infra/http/session.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type { OrderNumbers } from '@ot/infra/order-numbers/order-numbers.ts';
import type pg from 'pg';

export interface QueryServiceDeps {
  config: Config;
  /** Where read models are read: a streaming replica when READ_DATABASE_URL is set, else the primary. */
  pool: pg.Pool;
  /** Only to answer "has the projector passed this position?" for x-min-position. */
  store: EventStore;
  /** The projector's wake-up after each batch, so a read waiting for its write looks again at once (else it polls). */
  projected?: WakeUps;
  /**
   * Whether the checkpoint a wake-up carries is the one reads compare with (read models read where the
   * projector writes them; not with a streaming replica, whose own copy lags): then a waiting read does
   * not read it again.
   */
  checkpointAnnounced?: boolean;
  /** What lets sessions and order views be answered from memory (change-signal.ts); without it every read asks the database. */
  changes?: ChangeSignal;
  /** Only to preview the next order number. */
  orderNumbers: OrderNumbers;
  logger: Logger;
  sessions: SessionStore;
  clock: () => Date;
  /** Uploaded spec documents. */
  documents: DocumentStore;
  /** The only way to fetch a URL a user gave us (rendering Google Docs). */
  fetcher: DocumentFetcher;
}

export type QueryRouter = Router<AppState>;
