import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of Postgres that can lose the answer to a committed append: once armed,
 * the next connection that runs the event store's append (a Bind of a prepared statement named
 * `es.append-...`) has its reply held back until Postgres says ReadyForQuery, which it says only after
 * the implicit transaction committed; then both sockets are closed and the reply never reaches the
 * client. The write landed; the client sees a dropped connection.
 */
export interface CutAfterCommitProxy {
  url: string;
  /** Cut the next append's reply (once). Resolves when it has been cut. */
  armOnce(): Promise<void>;
  close(): Promise<void>;
}

/** Splits a byte stream into Postgres protocol messages (type byte + int32 length), the first maybe untyped. */
function framer(untypedFirst: boolean, onMessage: (type: string, body: Buffer) => void) {
  let pending = Buffer.alloc(0);
  let untyped = untypedFirst;
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (untyped) {
        if (pending.length < 4) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        pending = pending.subarray(length);
        // An SSLRequest (80877103) is answered with one byte 'N' and followed by the real startup.
        if (code !== 80877103) untyped = false;
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < length + 1) return;
      onMessage(String.fromCharCode(pending[0] as number), pending.subarray(5, length + 1));
      pending = pending.subarray(length + 1);
    }
  };
}

export async function startCutAfterCommitProxy(databaseUrl: string): Promise<CutAfterCommitProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let armed: (() => void) | null = null;

  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    sockets.add(client).add(upstream);
    let appendInFlight = false;
    let holding: Buffer[] | null = null;
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut);
    upstream.on('error', cut);
    client.on('close', () => {
      sockets.delete(client);
      upstream.destroy();
    });
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });

    const fromClient = framer(true, (type, body) => {
      if (type !== 'B' || !armed) return;
      const portalEnd = body.indexOf(0);
      const statement = body.subarray(portalEnd + 1, body.indexOf(0, portalEnd + 1)).toString('utf8');
      if (statement.startsWith('es.append')) appendInFlight = true;
    });
    const fromServer = framer(false, (type) => {
      if (!appendInFlight || type !== 'Z') return;
      const done = armed;
      armed = null;
      holding = null;
      cut(); // the append committed (ReadyForQuery comes after the implicit commit); its reply is lost
      done?.();
    });
    client.on('data', (chunk: Buffer) => {
      fromClient(chunk);
      if (appendInFlight) holding ??= [];
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (holding) {
        holding.push(chunk);
        fromServer(chunk);
        return;
      }
      fromServer(chunk);
      if (!client.destroyed) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the proxy has no address');
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);

  return {
    url: url.toString(),
    armOnce: () =>
      new Promise<void>((resolve) => {
        armed = resolve;
      }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
