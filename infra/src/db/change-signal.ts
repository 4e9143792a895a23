import type pg from 'pg';
import { keepListening } from './postgres-listener.ts';

/** Where the auth tables announce a change (migration 1700000009500_session-changes-notify.sql). */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

/**
 * The one signal that answers kept in memory rely on: changes of the auth tables, heard on a LISTEN
 * connection of this process, and a statement run on that same connection for each request (`pass`).
 *
 * An answer read while `listening()` and kept under the `generation()` of that moment is as the database
 * says for as long as the generation stays the same. Every change heard bumps it, and so does every lost or
 * new LISTEN connection (changes may have gone unheard in between).
 *
 * Heard is not yet exact: a change committed a moment ago may still be on its way. `pass()` is: Postgres
 * signals a listening session before the changing transaction's commit returns, and that session sends the
 * notification before the result of any statement it reads later. So once `pass()` resolves, every change
 * committed before the call has bumped the generation. The statement reads what the caller asks beside it
 * (the log's head, say), so that too is as of the call.
 */
export interface ChangeSignal {
  generation(): number;
  /** Whether the LISTEN connection is up now (an answer read now can be kept under `generation()`). */
  listening(): boolean;
  /** The row of the statement, read on the LISTEN connection after this call; null while it is down. */
  pass(): Promise<Record<string, unknown> | null>;
  /** The database it listens to and reads from. */
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Starts listening in the background: while the database is out of reach, `listening()` is false and
 * `pass()` answers null. `statement`: what `pass()` reads (nothing but the pass itself when left out).
 */
export function watchChanges(
  pool: pg.Pool,
  statement: { text: string; values: unknown[] } = { text: 'select', values: [] },
): ChangeSignal {
  let generation = 0;
  // A change, a lost connection or a new one (the first included): whatever was kept may be out of date.
  const bump = () => {
    generation += 1;
  };
  const subscription = keepListening(pool, AUTH_CHANGED_CHANNEL, bump, { onListening: bump });
  let running: Promise<Record<string, unknown> | null> | null = null;
  let queued: Promise<Record<string, unknown> | null> | null = null;

  const start = (): Promise<Record<string, unknown> | null> => {
    queued = null;
    const run = subscription.query(statement.text, statement.values);
    running = run;
    void run.finally(() => {
      if (running === run) running = null;
    });
    return run;
  };

  return {
    generation: () => generation,
    listening: subscription.listening,
    pass() {
      if (!subscription.listening()) return Promise.resolve(null);
      if (queued) return queued; // not sent yet: it will be sent after this call
      // The one in flight was sent before this call: the next one is ours (and the others' arriving meanwhile).
      // With none in flight, it is sent once the requests read in this turn of the event loop have asked too.
      queued = running
        ? running.then(start, start)
        : new Promise<Record<string, unknown> | null>((resolve) => setImmediate(() => resolve(start())));
      return queued;
    },
    pool,
    close: subscription.close,
  };
}
