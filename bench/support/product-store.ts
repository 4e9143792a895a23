import { randomBytes } from 'node:crypto';
import { createEventStore, type PrivateEventStore } from '@ot/infra/event-store/create-event-store.ts';
import type pg from 'pg';

/**
 * The event store as the services make it (createEventStore): the Postgres adapter behind the sealing of
 * personal fields, under a master key of the run's own. A benchmark of the product's writes or reads goes
 * through it, so the encryption's cost is in the figures.
 */
export const productEventStore = (pool: pg.Pool): Promise<PrivateEventStore> =>
  createEventStore(
    { EVENT_STORE: 'postgres', EVENTSTOREDB_URL: undefined, MASTER_KEY: randomBytes(32).toString('hex') },
    pool,
  );
