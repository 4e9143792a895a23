import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiHeaders } from './security-headers.ts';

export const READ_METHODS = new Set(['GET', 'HEAD']);

/** Whether the client reached us over HTTPS: our own TLS socket, or a trusted proxy saying so. */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted) return true;
  if (!trustProxy) return false;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  return trustProxy && forwarded === 'https';
}

/** The client's address: the socket's, or with a trusted proxy the last hop it added to X-Forwarded-For. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (!trustProxy) return req.socket.remoteAddress || '';
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  return (trustProxy && forwarded) || req.socket.remoteAddress || '';
}

export const hasSessionCookie = (req: IncomingMessage) =>
  /(?:^|;\s*)(?:__Host-)?ot_session=[^;]/.test(req.headers.cookie ?? '');

/** The gateway's own answer to an API request, with the headers every API answer carries. */
export function answerJson(
  res: ServerResponse,
  https: boolean,
  status: number,
  body: object,
  headers: string[] = [],
): void {
  res.writeHead(status, apiHeaders(['Content-Type', 'application/json', ...headers], https));
  res.end(JSON.stringify(body));
}
