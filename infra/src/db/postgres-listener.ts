import type pg from 'pg';
import { jitteredBackoff, sleep } from './backoff.ts';
import { preparedQuery } from './prepared.ts';

/** One connection LISTENing on a channel: `lose` treats it as lost, `close` UNLISTENs and lets it go. */
interface ListenConnection {
  client: pg.PoolClient;
  lose(): void;
  close(): Promise<void>;
}

/**
 * Opens a connection and LISTENs on `channel`: `notify` gets every notification's payload, `lost` is
 * called once if the connection dies (or is lost by `lose`), never after `close`. Throws when LISTEN fails.
 */
async function openListenConnection(
  pool: pg.Pool,
  channel: string,
  handlers: { notify(payload?: string): void; lost(connection: ListenConnection): void },
): Promise<ListenConnection> {
  const client = await pool.connect();
  let done = false;
  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) handlers.notify(message.payload);
  };
  const onLost = () => connection.lose();
  /** Detaches from the connection once; false when that already happened. */
  const end = () => {
    if (done) return false;
    done = true;
    client.off('error', onLost);
    client.off('end', onLost);
    client.off('notification', onNotification);
    client.on('error', () => {}); // a dying socket may still report; nothing to do about it
    return true;
  };
  const connection: ListenConnection = {
    client,
    lose() {
      if (!end()) return;
      client.release(true);
      handlers.lost(connection);
    },
    async close() {
      if (!end()) return;
      await client.query(`unlisten ${channel}`).catch(() => {});
      client.release(true);
    },
  };
  client.on('error', onLost);
  client.on('end', onLost);
  client.on('notification', onNotification);
  try {
    await client.query(`listen ${channel}`);
  } catch (error) {
    if (end()) client.release(true);
    throw error;
  }
  if (done) throw new Error(`the connection listening on ${channel} was lost`);
  return connection;
}

/** A statement's first row on `on` while `current(on)`; a failure loses the connection. */
async function firstRow(
  on: ListenConnection | null,
  text: string,
  values: unknown[],
  current: (on: ListenConnection) => boolean,
): Promise<Record<string, unknown> | null> {
  if (!on) return null;
  try {
    const { rows } = await preparedQuery(on.client, text, values);
    return current(on) ? (rows[0] ?? {}) : null;
  } catch {
    on.lose();
    return null;
  }
}

/**
 * One LISTEN connection shared by every listener of a channel, each called with the notification's
 * payload. It survives a lost connection: the client is thrown away, a new one LISTENs again after a
 * jittered backoff, and every listener is called then, without a payload (appends may have happened
 * while nobody was listening). Statements may run on that same connection (`query`): a notification sent
 * before such a statement was read arrives before its result.
 */
export function createChannelListener(pool: pg.Pool, channel: string) {
  const listeners = new Set<(payload?: string) => void>();
  let current: ListenConnection | null = null;
  let connecting: Promise<void> | null = null;
  let reconnecting = false;
  const backoff = jitteredBackoff();

  const notifyAll = (payload?: string) => {
    for (const listener of listeners) listener(payload);
  };
  const lost = (connection: ListenConnection) => {
    if (current !== connection) return;
    current = null;
    notifyAll(); // followers poll their way through meanwhile
    void reconnect();
  };

  async function listen(): Promise<void> {
    const connection = await openListenConnection(pool, channel, { notify: notifyAll, lost });
    if (listeners.size === 0) return connection.close(); // every listener left meanwhile
    current = connection;
  }

  async function reconnect(): Promise<void> {
    if (reconnecting) return;
    reconnecting = true;
    try {
      while (listeners.size > 0 && !current) {
        await sleep(backoff.next());
        try {
          await listen();
          backoff.reset();
          notifyAll();
        } catch {}
      }
    } finally {
      reconnecting = false;
    }
  }

  return {
    /** Whether a connection LISTENs now (notifications sent while none did were heard by nobody). */
    listening: () => current !== null,
    /**
     * The first row of a statement run on the LISTEN connection ({} when it has none); null while there is
     * no connection, or when the statement fails (the connection is then treated as lost and replaced).
     */
    query: (text: string, values: unknown[]) => firstRow(current, text, values, (on) => current === on),
    /** Calls `listener` on every notification; the first subscription fails if it cannot LISTEN. */
    async add(listener: (payload?: string) => void): Promise<() => Promise<void>> {
      listeners.add(listener);
      if (!current && !reconnecting) {
        connecting ??= listen().finally(() => {
          connecting = null;
        });
        try {
          await connecting;
        } catch (error) {
          listeners.delete(listener);
          throw error;
        }
      }
      return async () => {
        listeners.delete(listener);
        const connection = current;
        if (listeners.size > 0 || !connection) return;
        current = null;
        await connection.close();
      };
    },
  };
}

/**
 * A subscription to `channel` made in the background: `listener` is called as createChannelListener calls
 * it. LISTEN is tried again after a jittered backoff until it works (`onListening` is called then), so a
 * database out of reach at start (or later) only delays it, never stops the caller from starting.
 */
export function keepListening(
  pool: pg.Pool,
  channel: string,
  listener: (payload?: string) => void,
  options: { onListening?: () => void } = {},
) {
  const channelListener = createChannelListener(pool, channel);
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  const subscribed = (async () => {
    const backoff = jitteredBackoff();
    while (!closed && !unlisten) {
      try {
        unlisten = await channelListener.add(listener);
      } catch {
        await sleep(backoff.next());
        continue;
      }
      options.onListening?.();
    }
  })();
  return {
    /** Resolves once LISTEN works (or it was closed first). */
    subscribed,
    /** Whether notifications are heard now (none sent while this is false reached `listener`). */
    listening: () => unlisten !== null && channelListener.listening(),
    /** A statement on the LISTEN connection (createChannelListener's `query`); null while not listening. */
    query: (text: string, values: unknown[]) =>
      unlisten ? channelListener.query(text, values) : Promise.resolve(null),
    async close(): Promise<void> {
      closed = true;
      await subscribed;
      await unlisten?.();
      unlisten = null;
    },
  };
}
