import type pg from 'pg';
import type { Config } from '../config.ts';
import type { EventStore } from './event-store.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';

/** Every stream family of ours: orders, notification emails (outcomes), imported customers. */
export const streamPrefixes = ['order-', 'email-', 'customer-'];

/**
 * The configured adapter: Postgres by default, EventStoreDB with EVENT_STORE=eventstoredb. The
 * EventStoreDB client (gRPC) is loaded only when configured: it would slow every service's start.
 */
export async function createEventStore(
  config: Pick<Config, 'EVENT_STORE' | 'EVENTSTOREDB_URL'>,
  pool: pg.Pool,
): Promise<EventStore> {
  if (config.EVENT_STORE === 'eventstoredb') {
    if (!config.EVENTSTOREDB_URL) throw new Error('EVENT_STORE=eventstoredb needs EVENTSTOREDB_URL');
    const { createEventStoreDbEventStore } = await import('./eventstoredb-event-store.ts');
    return createEventStoreDbEventStore(config.EVENTSTOREDB_URL, streamPrefixes);
  }
  return createPostgresEventStore(pool);
}
