import type pg from 'pg';
import type { Checkpoint } from '../event-store/event-store.ts';
import { keepListening } from './postgres-listener.ts';

/** The projector's wake-up with each committed batch (its new checkpoint as payload), for readers waiting on it. */
export const PROJECTED_CHANNEL = 'rm_projected';

/**
 * Wakes listeners after a commit: NOTIFY in a transaction of its own, which writes nothing and so holds
 * the server's notify lock only for a moment (inside the appending transaction it would be held through
 * every commit's flush, one commit at a time, halving the append rate). Under load, appends share one
 * wake-up every few milliseconds. It is only a wake-up: followers poll as well, so a lost one delays,
 * never skips.
 */
export function coalescedNotify(pool: pg.Pool, channel: string, gapMs = 5): () => void {
  let busy = false;
  let pending = false;
  let failures = 0;
  const send = (): void => {
    busy = true;
    pending = false;
    pool.query(`select pg_notify('${channel}', '')`).then(
      () => {
        failures = 0;
        if (pending) setTimeout(send, gapMs).unref();
        else busy = false;
      },
      () => {
        // A pooled connection that was cut, most likely: the next one will do (a few tries, then polling).
        failures += 1;
        if (failures <= 5) setTimeout(send, 50 * failures).unref();
        else {
          failures = 0;
          busy = false;
        }
      },
    );
  };
  return () => {
    if (busy) pending = true;
    else send();
  };
}

/** The payload of a follower's `announce` NOTIFY: the checkpoint its committed batch moved to. */
export const announced = (checkpoint: Checkpoint): string => `${checkpoint.tx} ${checkpoint.position}`;

/** The checkpoint an `announced` payload carries; null for any other (an empty wake-up, a reconnect). */
export function announcedCheckpoint(payload: string | undefined): Checkpoint | null {
  const match = payload ? /^(\d{1,19}) (\d{1,19})$/.exec(payload) : null;
  return match ? { tx: Number(match[1]), position: Number(match[2]) } : null;
}

/** Waits for the next notification on a channel, or `ms`, whichever comes first (a lost one only delays). */
export interface WakeUps {
  /**
   * Resolves with the notification's payload (PROJECTED_CHANNEL's: the projector's new checkpoint as
   * `announcedCheckpoint` reads it); undefined after `ms` or a reconnect.
   */
  next(ms: number): Promise<string | undefined>;
  /**
   * The last payload heard on the connection LISTENing now; undefined until one is heard, and again when the
   * connection is lost (notifications sent meanwhile were missed) until the next arrives on the new one.
   */
  latest(): string | undefined;
  /** Resolves once LISTEN works (or it was closed first). */
  listening: Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts listening in the background: a database out of reach at start (or later) only turns the wake-ups
 * into their timeouts until LISTEN works again, it never stops the caller from starting.
 */
export function listenForWakeUps(pool: pg.Pool, channel: string): WakeUps {
  let waiters: ((payload?: string) => void)[] = [];
  let latest: string | undefined;
  const wakeAll = (payload?: string) => {
    latest = payload; // none: the connection was lost or is new
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake(payload);
  };
  const subscription = keepListening(pool, channel, wakeAll);
  return {
    listening: subscription.subscribed,
    latest: () => latest,
    next: (ms) =>
      new Promise<string | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), ms);
        waiters.push((payload) => {
          clearTimeout(timer);
          resolve(payload);
        });
      }),
    close: subscription.close,
  };
}
