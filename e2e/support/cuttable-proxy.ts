import { createServer, Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of the app, which a test can cut: the browser stays online (its
 * `navigator.onLine` is true) while the server cannot be reached, as on a Wi-Fi with no internet behind
 * it or while the studio's server restarts. Cut, every open connection is dropped and every new one is
 * closed at once; failing, every new connection is answered with one HTTP error (a reachable server in
 * trouble); restored, connections pass again. The page's origin is the proxy's, so its service
 * worker and stored data live on that origin.
 */
export interface CuttableProxy {
  readonly origin: string;
  cut(): void;
  failWith(status: number): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let cut = false;
  let failing = 0;
  const server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    if (failing) {
      client.once('data', () =>
        client.end(`HTTP/1.1 ${failing} Server Trouble\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`),
      );
      client.on('error', () => client.destroy());
      return;
    }
    const upstream = new Socket();
    upstream.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    failWith(status) {
      failing = status;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cut = false;
      failing = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
