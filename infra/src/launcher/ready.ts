import type pg from 'pg';
import { type EventStore, reached, start } from '../event-store/event-store.ts';

/**
 * What `/readyz` answers: ready when the process can do its work now (its database answers; a follower
 * also says how far behind it is). `/healthz` (and the older `/health`) only says the process is alive.
 */
export interface Readiness {
  ready: boolean;
  [detail: string]: unknown;
}

/** `select 1` within a bound: a database that hangs is as unready as one that refuses. */
export async function databaseReadiness(pool: pg.Pool, timeoutMs = 1000): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pool.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('the database did not answer in time')), timeoutMs);
      }),
    ]);
    return { ready: true, database: 'ok' };
  } catch (error) {
    return { ready: false, database: error instanceof Error ? error.message : 'unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Tell the launcher (over the IPC channel `npm start` opens) that this child is ready: the supervisor
 * then forgets earlier crashes, so the next one restarts at once. Sent once readiness holds.
 */
export async function reportReadyWhen(check: () => Promise<Readiness>): Promise<void> {
  if (!process.send) return;
  process.channel?.unref(); // the channel alone must not keep a stopping process alive
  for (;;) {
    if ((await check().catch(() => ({ ready: false }))).ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  process.send({ type: 'ready' });
}

/** The error a child is about to exit with, for the launcher's restart line; resolves once sent. */
export function reportFatal(error: unknown): Promise<void> {
  const send = process.send?.bind(process);
  if (!send || !process.connected) return Promise.resolve();
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  return new Promise((resolve) => {
    setTimeout(resolve, 200).unref();
    send({ type: 'fatal', message }, undefined, {}, () => resolve());
  });
}

/**
 * A follower's readiness: its database answers, and how far its checkpoint is behind the log's head
 * (`lag`, in positions; 0 when it has applied everything). Lag is reported, not failed on: a follower
 * catching up is working.
 */
export async function followerReadiness(
  pool: pg.Pool,
  store: Pick<EventStore, 'locate'>,
  checkpointName: string,
): Promise<Readiness> {
  const database = await databaseReadiness(pool);
  if (!database.ready) return database;
  try {
    const { rows } = await pool.query<{ tx: string; position: string }>(
      'select tx, position from rm.checkpoints where name = $1',
      [checkpointName],
    );
    const checkpoint = rows[0] ? { tx: Number(rows[0].tx), position: Number(rows[0].position) } : start;
    const place = await store.locate(0);
    const head = place.head?.position ?? 0;
    const caughtUp = reached(checkpoint, place, { event: false, head: true });
    return {
      ...database,
      checkpoint: checkpoint.position,
      head,
      lag: caughtUp ? 0 : Math.max(1, head - checkpoint.position),
    };
  } catch (error) {
    return { ready: false, database: error instanceof Error ? error.message : 'unavailable' };
  }
}
