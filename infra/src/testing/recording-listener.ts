import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingListener {
  port: number;
  /** Every request that reached it: method, url and Host header. */
  hits: { method: string; url: string; host: string }[];
  close(): Promise<void>;
}

/**
 * A local HTTP server for tests of what the server fetches: it records every request and answers
 * with `handler` (by default 200 "reached"). Listens on 127.0.0.1 and, on the same port when it can,
 * on [::1], so IPv6 loopback spellings would reach it too.
 */
export async function startRecordingListener(
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('reached'),
): Promise<RecordingListener> {
  const hits: RecordingListener['hits'] = [];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '' });
    handler(req, res);
  };
  const listen = (server: Server, port: number, host: string) =>
    new Promise<Server | null>((resolve) => {
      server.once('error', () => resolve(null));
      server.listen(port, host, () => resolve(server));
    });
  const v4 = (await listen(createServer(onRequest), 0, '127.0.0.1')) as Server;
  const port = (v4.address() as AddressInfo).port;
  const v6 = await listen(createServer(onRequest), port, '::1');
  const servers = [v4, ...(v6 ? [v6] : [])];
  return {
    port,
    hits,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
