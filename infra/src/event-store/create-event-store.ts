import type pg from 'pg';
import type { Config } from '../config.ts';
import { createEncryptingEventStore } from '../privacy/encrypting-event-store.ts';
import { createKeyring, type Keyring } from '../privacy/keyring.ts';
import { loadMasterKey } from '../privacy/master-key.ts';
import type { EventStore } from './event-store.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';

/** Every stream family of ours: orders, notification emails (outcomes), customers. */
export const streamPrefixes = ['order-', 'email-', 'customer-'];

export type { Keyring };

/** The store the services use: personal data sealed per customer above the adapter, and the keys it uses. */
export type PrivateEventStore = EventStore & { keyring: Keyring };

/**
 * The configured adapter (Postgres by default, EventStoreDB with EVENT_STORE=eventstoredb) behind the
 * encryption of personal data. `hearErasures`: a long-running service forgets a destroyed key as soon as
 * another process destroys it (a LISTEN connection of its own); a command that runs once needs none.
 * The EventStoreDB client (gRPC) is loaded only when configured: it would slow every service's start.
 */
export async function createEventStore(
  config: Pick<Config, 'EVENT_STORE' | 'EVENTSTOREDB_URL' | 'MASTER_KEY'>,
  pool: pg.Pool,
  options: { hearErasures?: boolean } = {},
): Promise<PrivateEventStore> {
  const keyring = createKeyring(pool, loadMasterKey(config.MASTER_KEY), {
    ...(options.hearErasures && { listen: pool }),
  });
  const adapter = await createAdapter(config, pool);
  return Object.assign(createEncryptingEventStore(adapter, keyring), { keyring });
}

async function createAdapter(config: Pick<Config, 'EVENT_STORE' | 'EVENTSTOREDB_URL'>, pool: pg.Pool) {
  if (config.EVENT_STORE === 'eventstoredb') {
    if (!config.EVENTSTOREDB_URL) throw new Error('EVENT_STORE=eventstoredb needs EVENTSTOREDB_URL');
    const { createEventStoreDbEventStore } = await import('./eventstoredb-event-store.ts');
    return createEventStoreDbEventStore(config.EVENTSTOREDB_URL, streamPrefixes);
  }
  return createPostgresEventStore(pool);
}
