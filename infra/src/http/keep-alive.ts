import type { Server } from 'node:http';

/**
 * Idle keep-alive sockets: a server must keep an idle socket open longer than its client does,
 * or a request sent as the server closes the socket dies with ECONNRESET (a POST cannot be retried).
 * Browsers and test clients idle for up to a minute; the gateway's upstream agent lets go after 4 s,
 * well before the services close theirs.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Applies the keep-alive timeouts above; headers may take as long as the idle socket lives. */
export function keepSocketsAlive(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
