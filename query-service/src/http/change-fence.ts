import { AUTH_CHANGED_CHANNEL } from '@ot/infra/auth/auth-changes.ts';
import { jitteredBackoff, sleep } from '@ot/infra/db/backoff.ts';
import { preparedQuery } from '@ot/infra/db/prepared.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type pg from 'pg';

/**
 * What lets the query service answer from memory and still be exact: one connection of its own that
 * LISTENs for changes of the auth tables and runs, for every request, a statement sent after that
 * request arrived (shared by the requests that arrived while the previous one ran).
 *
 * Why that is exact: Postgres signals a listening session before the changing transaction's commit
 * returns, and the listening session sends that notification before the result (or the ReadyForQuery)
 * of any statement it reads after that. So once `pass()` resolves, every change committed before the
 * call has bumped `generation`: a session kept under the current generation is as the database says.
 * The statement reads what the caller asks beside it (the log's head), so that too is as of the request.
 *
 * A lost connection makes `pass()` answer null (nothing kept may be trusted) until LISTEN works again,
 * and every (re)connection bumps the generation: notifications may have been missed meanwhile.
 */
export interface ChangeFence {
  /** The row of the statement, read after this call; null while the connection is down. */
  pass(): Promise<Record<string, unknown> | null>;
  /** Bumped by every notification and every (re)connection. */
  generation(): number;
  /** Whether the LISTEN connection is up now (an answer read now can be kept under `generation()`). */
  listening(): boolean;
  /** The database it listens to and reads from. */
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export function createChangeFence(pool: pg.Pool, statement: { text: string; values: unknown[] }): ChangeFence {
  let generation = 0;
  let client: pg.PoolClient | null = null;
  let closed = false;
  let running: Promise<Record<string, unknown> | null> | null = null;
  let queued: Promise<Record<string, unknown> | null> | null = null;
  const backoff = jitteredBackoff();
  let lost: () => void = () => {};

  async function connect(): Promise<void> {
    const connected = await pool.connect();
    let done = false;
    const onNotification = () => {
      generation += 1;
    };
    const onLost = () => {
      if (done) return;
      done = true;
      connected.off('notification', onNotification);
      connected.on('error', () => {}); // a dying socket may still report
      connected.release(true);
      if (client === connected) client = null;
      generation += 1;
      if (!closed) void reconnect();
    };
    connected.on('error', onLost);
    connected.on('end', onLost);
    connected.on('notification', onNotification);
    lost = onLost;
    try {
      await connected.query(`listen ${AUTH_CHANGED_CHANNEL}`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (done) return;
    if (closed) return onLost(); // closed while connecting
    // Whatever changed before LISTEN was heard by nobody: everything kept until now is forgotten.
    generation += 1;
    client = connected;
  }

  let reconnecting = false;
  async function reconnect(): Promise<void> {
    if (reconnecting) return;
    reconnecting = true;
    try {
      while (!closed && !client) {
        await sleep(backoff.next());
        try {
          await connect();
          backoff.reset();
        } catch {}
      }
    } finally {
      reconnecting = false;
    }
  }

  const start = (): Promise<Record<string, unknown> | null> => {
    queued = null;
    const on = client;
    const run: Promise<Record<string, unknown> | null> = on
      ? preparedQuery(on, statement.text, statement.values).then(
          ({ rows }) => (client === on ? (rows[0] ?? {}) : null),
          () => {
            // A statement that fails on this connection: treat the connection as lost (it is replaced).
            if (client === on) lost();
            return null;
          },
        )
      : Promise.resolve(null);
    running = run;
    void run.finally(() => {
      if (running === run) running = null;
    });
    return run;
  };

  void connect().catch(() => reconnect());

  return {
    pass() {
      if (!client) return Promise.resolve(null);
      if (queued) return queued; // not sent yet: it will be sent after this call
      // The one in flight was sent before this call: the next one is ours (and the others' arriving meanwhile).
      // With none in flight, it is sent once the requests read in this turn of the event loop have asked too.
      queued = running
        ? running.then(start, start)
        : new Promise<Record<string, unknown> | null>((resolve) => setImmediate(() => resolve(start())));
      return queued;
    },
    generation: () => generation,
    listening: () => client !== null,
    pool,
    async close() {
      closed = true;
      await client?.query(`unlisten ${AUTH_CHANGED_CHANNEL}`).catch(() => {});
      lost();
    },
  };
}

/**
 * Which read-model tables are live: a rebuild swaps new ones in (all in one transaction), which can change
 * what they hold without moving the checkpoint.
 */
const READ_MODEL_TABLES = `to_regclass('rm.orders')::oid::text`;

/** The live read-model tables as the fence's statement read them (`changeFenceFor`). */
export const liveTables = (row: Record<string, unknown>): string => String(row.rm_tables ?? '');

/**
 * The query service's fence, its statement reading the log's head (`locateColumns` read with no event
 * asked) and which read-model tables are live; none for an event store that does not offer it as columns (then every read asks the database).
 * `pool`: the primary, where the sessions, the event store and the notifications are.
 */
export const changeFenceFor = (pool: pg.Pool, store: EventStore): ChangeFence | undefined =>
  store.locateColumns
    ? createChangeFence(pool, {
        text: `select ${store.locateColumns.columns('$1')}, ${READ_MODEL_TABLES} as rm_tables`,
        values: [0],
      })
    : undefined;
