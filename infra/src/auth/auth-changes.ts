import type pg from 'pg';
import { keepListening } from '../event-store/postgres-listener.ts';

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
  let generation = 0;
  // A change, a lost connection or a new one. Nothing needs a bump when LISTEN first works: an answer is kept
  // only when it was read while listening.
  const subscription = keepListening(pool, AUTH_CHANGED_CHANNEL, () => {
    generation += 1;
  });
  return { generation: () => generation, listening: subscription.listening, close: subscription.close };
}
