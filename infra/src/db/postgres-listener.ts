import type pg from 'pg';
import { jitteredBackoff, sleep } from './backoff.ts';
import { preparedQuery } from './prepared.ts';

/**
 * One LISTEN connection shared by every listener of a channel, each called with the notification's
 * payload. It survives a lost connection: the client is thrown away, a new one LISTENs again after a
 * jittered backoff, and every listener is called then, without a payload (appends may have happened
 * while nobody was listening). Statements may run on that same connection (`query`): a notification sent
 * before such a statement was read arrives before its result.
 */
export function createChannelListener(pool: pg.Pool, channel: string) {
  const listeners = new Set<(payload?: string) => void>();
  let client: pg.PoolClient | null = null;
  let connecting: Promise<void> | null = null;
  let reconnecting = false;
  let close: () => Promise<void> = async () => {};
  let lose: () => void = () => {};
  const backoff = jitteredBackoff();

  const notifyAll = (payload?: string) => {
    for (const listener of listeners) listener(payload);
  };

  async function listen(): Promise<void> {
    const connected = await pool.connect();
    let done = false;
    const onNotification = (message: pg.Notification) => {
      if (message.channel === channel) notifyAll(message.payload);
    };
    const onLost = () => {
      if (done) return;
      done = true;
      detach();
      connected.on('error', () => {}); // a dying socket may still report; nothing to do about it
      connected.release(true);
      if (client !== connected) return;
      client = null;
      notifyAll(); // followers poll their way through meanwhile
      void reconnect();
    };
    const detach = () => {
      connected.off('error', onLost);
      connected.off('end', onLost);
      connected.off('notification', onNotification);
    };
    connected.on('error', onLost);
    connected.on('end', onLost);
    connected.on('notification', onNotification);
    try {
      await connected.query(`listen ${channel}`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (listeners.size === 0 || done) {
      if (!done) onLost();
      return;
    }
    client = connected;
    lose = onLost;
    close = async () => {
      if (done) return;
      done = true;
      detach();
      await connected.query(`unlisten ${channel}`).catch(() => {});
      connected.on('error', () => {});
      connected.release(true);
    };
  }

  async function reconnect(): Promise<void> {
    if (reconnecting) return;
    reconnecting = true;
    try {
      while (listeners.size > 0 && !client) {
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
    listening: () => client !== null,
    /**
     * The first row of a statement run on the LISTEN connection ({} when it has none); null while there is
     * no connection, or when the statement fails (the connection is then treated as lost and replaced).
     */
    async query(text: string, values: unknown[]): Promise<Record<string, unknown> | null> {
      const on = client;
      if (!on) return null;
      try {
        const { rows } = await preparedQuery(on, text, values);
        return client === on ? (rows[0] ?? {}) : null;
      } catch {
        if (client === on) lose();
        return null;
      }
    },
    /** Calls `listener` on every notification; the first subscription fails if it cannot LISTEN. */
    async add(listener: (payload?: string) => void): Promise<() => Promise<void>> {
      listeners.add(listener);
      if (!client && !reconnecting) {
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
        if (listeners.size > 0 || !client) return;
        client = null;
        await close();
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
