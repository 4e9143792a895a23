import { existsSync } from 'node:fs';
import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import sirv from 'sirv';
import { ANONYMOUS_BODY_LIMIT } from '../http/body-limit.ts';
import { keepSocketsAlive } from '../http/keep-alive.ts';
import type { Logger } from '../logger.ts';
import { preloadLinks } from './preload-links.ts';
import { apiHeaders, appScriptHashes, pageCsp, setCommonHeaders, setPageHeaders } from './security-headers.ts';

export interface GatewayOptions {
  /** One URL, or several instances separated by commas: requests take turns among them. */
  commandUrl: string;
  queryUrl: string;
  /** pwa/dist; when missing, only /api is served. */
  staticDir: string;
  logger: Logger;
  /** TRUST_PROXY=1: a proxy in front of us says who the client is and whether it came over HTTPS. */
  trustProxy?: boolean;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Our own upstream agent lets idle sockets go after 4 s, well before the services close them (keep-alive.ts). */
const upstreamAgent = new Agent({ keepAlive: true, timeout: 4_000 });

/** Which service answers: reads go to the query side, every other method to the command side. */
export const upstreamFor = <T>(method: string | undefined, options: { commandUrl: T; queryUrl: T }): T =>
  READ_METHODS.has(method ?? 'GET') ? options.queryUrl : options.commandUrl;

const instancesOf = (urls: string) =>
  urls
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

/** Several instances of a service: each request goes to the next one in turn. */
function takeTurns(urls: string): () => string {
  const instances = instancesOf(urls);
  let next = 0;
  return () => instances[next++ % instances.length] ?? urls;
}

/** Whether the client reached us over HTTPS: our own TLS socket, or a trusted proxy saying so. */
function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted) return true;
  if (!trustProxy) return false;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  return trustProxy && forwarded === 'https';
}

/** The client's address: the socket's, or with a trusted proxy the last hop it added to X-Forwarded-For. */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (!trustProxy) return req.socket.remoteAddress || '';
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  return (trustProxy && forwarded) || req.socket.remoteAddress || '';
}

const hasSessionCookie = (req: IncomingMessage) =>
  /(?:^|;\s*)(?:__Host-)?ot_session=[^;]/.test(req.headers.cookie ?? '');

/** The gateway's own answer to an API request, with the headers every API answer carries. */
function answerJson(res: ServerResponse, https: boolean, status: number, body: object, headers: string[] = []): void {
  res.writeHead(status, apiHeaders(['Content-Type', 'application/json', ...headers], https));
  res.end(JSON.stringify(body));
}

function proxy(req: IncomingMessage, res: ServerResponse, target: string, options: GatewayOptions): void {
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
  const { hostname, port } = addressOf(target);
  const { headers, hasBody } = upstreamHeaders(req, clientAddress(req, trustProxy), https, `${hostname}:${port}`);
  const path = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
  const upstream = request({ hostname, port, path, method: req.method, headers, agent: upstreamAgent }, (answer) => {
    const early = !req.complete;
    const answerHeaders = apiHeaders(answer.rawHeaders, https);
    if (early) {
      // Answered before the body was all sent (a 401 or 413 on a large upload): that upstream socket is out
      // of step, so it must never carry another request. Stop sending, drop the rest of the client's body,
      // and let that socket go once the answer is through.
      req.unpipe(upstream);
      req.resume();
      answer.on('end', () => upstream.destroy());
    }
    res.writeHead(answer.statusCode ?? 502, answerHeaders);
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
  });
  upstream.on('error', (error) => {
    if (upstream.destroyed && res.writableFinished) return; // our own destroy after a complete answer
    options.logger.warn({ err: error, target }, 'upstream unavailable');
    if (!res.headersSent) {
      const message = 'The service is starting or restarting. Please try again in a moment.';
      answerJson(res, https, 503, { message }, ['Retry-After', '2']);
    } else res.destroy();
  });
  // A request without a body (nearly every read) is sent at once; anything else streams its body.
  if (hasBody) req.pipe(upstream);
  else {
    req.resume();
    upstream.end();
  }
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

async function health(options: GatewayOptions, res: ServerResponse): Promise<void> {
  const check = async (name: string, base: string) => {
    try {
      const answer = await fetch(new URL('/health', base), { signal: AbortSignal.timeout(1500) });
      return [name, answer.ok ? 'ok' : `status ${answer.status}`] as const;
    } catch {
      return [name, 'unavailable'] as const;
    }
  };
  const named = (name: string, urls: string) =>
    instancesOf(urls).map((url, i, all) => check(all.length > 1 ? `${name}-${i + 1}` : name, url));
  const results = Object.fromEntries(
    await Promise.all([...named('command-service', options.commandUrl), ...named('query-service', options.queryUrl)]),
  );
  const ok = Object.values(results).every((value) => value === 'ok');
  res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ status: ok ? 'ok' : 'degraded', gateway: 'ok', ...results }));
}

/** Ready when both services are (each checks its database); the gateway itself needs nothing more. */
async function ready(options: GatewayOptions, res: ServerResponse): Promise<void> {
  const check = async (base: string) => {
    try {
      const answer = await fetch(new URL('/readyz', base), { signal: AbortSignal.timeout(1500) });
      return answer.ok ? 'ready' : `status ${answer.status}`;
    } catch {
      return 'unavailable';
    }
  };
  const [command, query] = await Promise.all([check(options.commandUrl), check(options.queryUrl)]);
  const ok = command === 'ready' && query === 'ready';
  res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(
    JSON.stringify({
      status: ok ? 'ready' : 'unavailable',
      gateway: 'ok',
      'command-service': command,
      'query-service': query,
    }),
  );
}

export function createGateway(options: GatewayOptions): Server {
  const turns = { commandUrl: takeTurns(options.commandUrl), queryUrl: takeTurns(options.queryUrl) };
  const hasStatic = existsSync(options.staticDir);
  const assets = hasStatic
    ? sirv(options.staticDir, {
        single: true,
        etag: true,
        // The build writes .br and .gz copies of every text asset (pwa/scripts/precompress.ts): the smallest
        // one the browser accepts is sent as is, with Content-Encoding and `Vary: Accept-Encoding`.
        brotli: true,
        gzip: true,
        setHeaders(res, pathname) {
          // The service worker and the shell must be revalidated; hashed assets are immutable. The icons (the
          // header's logo, the favicon, the manifest's) keep a day: with no-cache, every <img> and icon link of
          // a first visit would ask for the logo again, a round trip each on a phone.
          if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else if (pathname.startsWith('/icons/')) res.setHeader('Cache-Control', 'public, max-age=86400');
          else res.setHeader('Cache-Control', 'no-cache');
        },
      })
    : null;

  const csp = pageCsp(appScriptHashes(options.staticDir));
  const linksFor = preloadLinks(options.staticDir);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/health' || path === '/api/health') {
      setCommonHeaders(res, isHttps(req, options.trustProxy === true));
      void health(options, res);
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ status: 'ok', service: 'gateway' }));
      return;
    }
    if (path === '/readyz') {
      void ready(options, res);
      return;
    }
    if (path === '/api' || path.startsWith('/api/')) {
      proxy(req, res, upstreamFor(req.method, turns)(), options);
      return;
    }
    setPageHeaders(res, csp, isHttps(req, options.trustProxy === true));
    if (!assets) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('The app has not been built yet: run npm run build.');
      return;
    }
    const link = linksFor(path, hasSessionCookie(req));
    if (link) res.setHeader('Link', link);
    assets(req, res, () => {
      res.writeHead(404);
      res.end();
    });
  });
  return keepSocketsAlive(server);
}
