import type pg from 'pg';
import { jitteredBackoff, sleep } from '../db/backoff.ts';
import { createChannelListener } from '../event-store/postgres-listener.ts';

/** Where the auth tables announce a change (migration 1700000009500_session-changes-notify.sql). */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

/**
 * Changes of the auth tables as this process hears them: an answer read from those tables while
 * `listening()`, and kept under the `generation()` of that moment, is as the database says for as long as
 * the generation stays the same. Every change heard bumps it, and so does every lost or new LISTEN
 * connection (changes may have gone unheard in between). Heard, not fenced: a change committed a moment
 * ago may not have arrived yet (the query service's change-fence.ts is the exact form, at a statement
 * per request).
 */
export interface AuthChanges {
  generation(): number;
  listening(): boolean;
  close(): Promise<void>;
}

/** Starts listening in the background: while the database is out of reach, `listening()` is false. */
export function watchAuthChanges(pool: pg.Pool): AuthChanges {
  const channel = createChannelListener(pool, AUTH_CHANGED_CHANNEL);
  let generation = 0;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  const subscribing = (async () => {
    const backoff = jitteredBackoff();
    while (!closed && !unlisten) {
      try {
        unlisten = await channel.add(() => {
          generation += 1; // a change, a lost connection or a new one
        });
        generation += 1; // whatever changed before LISTEN was heard by nobody
      } catch {
        await sleep(backoff.next());
      }
    }
  })();
  return {
    generation: () => generation,
    listening: () => unlisten !== null && channel.listening(),
    async close() {
      closed = true;
      await subscribing;
      await unlisten?.();
      unlisten = null;
    },
  };
}
