import { Agent, type ClientRequest, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { ANONYMOUS_BODY_LIMIT } from '../http/body-limit.ts';
import type { Logger } from '../logger.ts';
import { answerJson, clientAddress, hasSessionCookie, isHttps, READ_METHODS } from './client-request.ts';
import { apiHeaders } from './security-headers.ts';

/** Our own upstream agent lets idle sockets go after 4 s, well before the services close them (keep-alive.ts). */
const upstreamAgent = new Agent({ keepAlive: true, timeout: 4_000 });

/** A service between processes (a restart, a rolling replace) is waited for this long before a 503. */
export const RETRY_FOR_MS = 10_000;
/** Request bodies up to this size are kept while they are sent, so a failed attempt can send them again. */
const REPLAY_LIMIT = 1024 * 1024;
const retryDelay = (attempt: number) => Math.min(500, 50 * 2 ** attempt);

/**
 * A request body read only once an attempt's connection is open, so a refused connection consumed none of
 * it; kept (up to REPLAY_LIMIT) as it goes, so an attempt cut off after sending can be replayed.
 */
function replayableBody(req: IncomingMessage) {
  const kept: Buffer[] = [];
  let size = 0;
  let ended = false;
  let sink: ClientRequest | null = null;
  req.pause();
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= REPLAY_LIMIT) kept.push(chunk);
    else kept.length = 0;
    if (sink && !sink.write(chunk)) {
      req.pause();
      sink.once('drain', () => req.resume());
    }
  });
  req.on('end', () => {
    ended = true;
    sink?.end();
  });
  return {
    /** Whether another attempt can send the whole body: none of it read yet, or all read so far kept. */
    replayable: () => size <= REPLAY_LIMIT,
    sendTo(upstream: ClientRequest) {
      sink = upstream;
      for (const chunk of kept) upstream.write(chunk);
      if (ended) upstream.end();
      else req.resume();
    },
    /** Answered early, or the attempt failed: the rest of the body (if any) is read and dropped. */
    detach(drop: boolean) {
      sink = null;
      if (drop) req.resume();
    },
  };
}

export interface ProxyOptions {
  logger: Logger;
  trustProxy?: boolean;
  /** How long a refused connection is tried again; RETRY_FOR_MS unless a test says otherwise. */
  retryForMs?: number;
}

/**
 * Passes an API request to a service instance (`pick` names the next) and its answer back. When the
 * connection is refused (nothing of the request sent: the service is between processes) it tries again,
 * the next instance, for up to RETRY_FOR_MS before answering 503. A request already sent is tried again
 * only when repeating it is safe: a read, or a write with an Idempotency-Key (the service answers a repeat
 * with the first answer).
 */
export function proxy(req: IncomingMessage, res: ServerResponse, pick: () => string, options: ProxyOptions): void {
  const trustProxy = options.trustProxy === true;
  const https = isHttps(req, trustProxy);
  // A signed-out client gets no further than this with a large body: refused before any service reads it.
  if (!READ_METHODS.has(req.method ?? 'GET') && !hasSessionCookie(req)) {
    if (Number(req.headers['content-length'] ?? 0) > ANONYMOUS_BODY_LIMIT) {
      const message = `Sign in first: a request body of more than ${ANONYMOUS_BODY_LIMIT / 1024} KB needs a session.`;
      answerJson(res, https, 413, { message, error: message, code: 'PAYLOAD_TOO_LARGE' });
      // Read and drop what the client still sends (bounded by the server's request timeout): closing now
      // would reset the connection before the client reads the answer.
      req.resume();
      return;
    }
  }
  const first = pick();
  const firstAddress = addressOf(first);
  // A client without a Host (HTTP/1.0) reaches every attempt under the first instance's name: one header set.
  const service = `${firstAddress.hostname}:${firstAddress.port}`;
  const { headers, hasBody } = upstreamHeaders(req, clientAddress(req, trustProxy), https, service);
  const path = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
  const safeToRepeat = READ_METHODS.has(req.method ?? 'GET') || req.headers['idempotency-key'] !== undefined;
  const body = hasBody ? replayableBody(req) : null;
  if (!body) req.resume();
  const startedAt = Date.now();
  let clientGone = false;
  res.on('close', () => {
    clientGone = !res.writableFinished;
  });

  const attempt = (tries: number) => {
    const target = tries === 0 ? first : pick();
    const { hostname, port } = addressOf(target);
    const upstream = request({ hostname, port, path, method: req.method, headers, agent: upstreamAgent }, (answer) =>
      forwardAnswer(req, res, upstream, answer, https, body),
    );
    let sent = false;
    upstream.on('socket', (socket) => {
      const send = () => {
        sent = true;
        if (body) body.sendTo(upstream);
        else upstream.end();
      };
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (upstream.destroyed && res.writableFinished) return; // our own destroy after a complete answer
      if (res.headersSent) return void res.destroy();
      body?.detach(false);
      const repeatable = !sent ? error.code === 'ECONNREFUSED' : safeToRepeat && (body?.replayable() ?? true);
      if (repeatable && !clientGone && Date.now() - startedAt < (options.retryForMs ?? RETRY_FOR_MS)) {
        setTimeout(() => attempt(tries + 1), retryDelay(tries));
        return;
      }
      options.logger.warn({ err: error, target, tries: tries + 1 }, 'upstream unavailable');
      if (clientGone) return;
      body?.detach(true);
      const message = 'The service is starting or restarting. Please try again in a moment.';
      answerJson(res, https, 503, { message }, ['Retry-After', '2']);
    });
  };
  attempt(0);
}

/** The service's answer, forwarded as it comes. */
function forwardAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: ClientRequest,
  answer: IncomingMessage,
  https: boolean,
  body: ReturnType<typeof replayableBody> | null,
): void {
  if (!req.complete) {
    // Answered before the body was all sent (a 401 or 413 on a large upload): that upstream socket is out
    // of step, so it must never carry another request. Stop sending, drop the rest of the client's body,
    // and let that socket go once the answer is through.
    body?.detach(true);
    answer.on('end', () => upstream.destroy());
  }
  res.writeHead(answer.statusCode ?? 502, apiHeaders(answer.rawHeaders, https));
  // Forwarded by hand rather than piped (lighter per answer): paused while the client is slow, and the
  // upstream answer dropped with its socket when the client goes away first (that socket is out of step).
  res.on('close', () => {
    if (!answer.complete) answer.destroy();
  });
  answer.on('data', (chunk: Buffer) => {
    if (!res.write(chunk)) {
      answer.pause();
      res.once('drain', () => answer.resume());
    }
  });
  answer.on('end', () => res.end());
}

const FORWARDING = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']);

/**
 * The client's headers as it sent them (names, order and repeats kept), but the forwarding ones: our
 * services trust those, so the gateway sets them itself, never passing on the client's own.
 */
function upstreamHeaders(
  req: IncomingMessage,
  forwardedFor: string,
  https: boolean,
  service: string,
): { headers: string[]; hasBody: boolean } {
  const raw = req.rawHeaders;
  const headers: string[] = [];
  let host = '';
  let hasBody = false;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    const lower = name.toLowerCase();
    if (FORWARDING.has(lower)) continue;
    if (lower === 'host') host ||= value;
    else if (lower === 'transfer-encoding' || (lower === 'content-length' && value !== '0')) hasBody = true;
    headers.push(name, value);
  }
  // A client without a Host (HTTP/1.0) reaches the service under the service's own, as node would name it.
  if (!host) headers.push('host', service);
  headers.push(
    'x-forwarded-for',
    forwardedFor,
    'x-forwarded-proto',
    https ? 'https' : 'http',
    'x-forwarded-host',
    host,
  );
  return { headers, hasBody };
}

/** Each service URL parsed once. */
const addresses = new Map<string, { hostname: string; port: number }>();
function addressOf(target: string): { hostname: string; port: number } {
  let address = addresses.get(target);
  if (!address) {
    const url = new URL(target);
    address = { hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || 80) };
    addresses.set(target, address);
  }
  return address;
}
