import type { Config } from '@ot/infra/config.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import { createPushTransport } from '@ot/infra/push/push-transport.ts';
import { loadVapidKeys, vapidSubject } from '@ot/infra/push/vapid.ts';
import type pg from 'pg';
import { startNotifier } from './notifier.ts';

/** The notifier with its push side, as notifier/main.ts wires it: the studio's VAPID keys from the database. */
export async function startPushingNotifier(pool: pg.Pool, store: EventStore, config: Config, retryBaseMs = 40) {
  const transport = createPushTransport({
    vapid: await loadVapidKeys(pool, config),
    subject: vapidSubject(config),
    timeoutMs: 2000,
  });
  return startNotifier(pool, store, { push: { transport, retryBaseMs } });
}
