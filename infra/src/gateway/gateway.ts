import { existsSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import sirv from 'sirv';
import { keepSocketsAlive } from '../http/keep-alive.ts';
import type { Logger } from '../logger.ts';
import { hasSessionCookie, isHttps, READ_METHODS } from './client-request.ts';
import { preloadLinks } from './preload-links.ts';
import { proxy } from './proxy.ts';
import { appScriptHashes, pageCsp, setCommonHeaders, setPageHeaders } from './security-headers.ts';

export interface GatewayOptions {
  /** One URL, or several instances separated by commas: requests take turns among them. */
  commandUrl: string;
  queryUrl: string;
  /** pwa/dist; when missing, only /api is served. */
  staticDir: string;
  logger: Logger;
  /** TRUST_PROXY=1: a proxy in front of us says who the client is and whether it came over HTTPS. */
  trustProxy?: boolean;
  /** How long a service that refuses connections is waited for (proxy.ts). */
  retryForMs?: number;
}

/** The instances behind the gateway: changed at run time when the launcher replaces a process (`setUpstreams`). */
export interface Upstreams {
  commandUrl: string;
  queryUrl: string;
}

export type Gateway = Server & { setUpstreams(upstreams: Upstreams): void };

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

async function health(upstreams: Upstreams, res: ServerResponse): Promise<void> {
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
    await Promise.all([
      ...named('command-service', upstreams.commandUrl),
      ...named('query-service', upstreams.queryUrl),
    ]),
  );
  const ok = Object.values(results).every((value) => value === 'ok');
  res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ status: ok ? 'ok' : 'degraded', gateway: 'ok', ...results }));
}

/** Ready when every instance of both services is (each checks its database); the gateway itself needs nothing more. */
async function ready(upstreams: Upstreams, res: ServerResponse): Promise<void> {
  const check = async (base: string) => {
    try {
      const answer = await fetch(new URL('/readyz', base), { signal: AbortSignal.timeout(1500) });
      return answer.ok ? 'ready' : `status ${answer.status}`;
    } catch {
      return 'unavailable';
    }
  };
  const named = (name: string, urls: string) =>
    instancesOf(urls).map(
      async (url, i, all) => [all.length > 1 ? `${name}-${i + 1}` : name, await check(url)] as const,
    );
  const results = Object.fromEntries(
    await Promise.all([
      ...named('command-service', upstreams.commandUrl),
      ...named('query-service', upstreams.queryUrl),
    ]),
  );
  const ok = Object.values(results).every((value) => value === 'ready');
  res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ status: ok ? 'ready' : 'unavailable', gateway: 'ok', ...results }));
}

export function createGateway(options: GatewayOptions): Gateway {
  const upstreams: Upstreams = { commandUrl: options.commandUrl, queryUrl: options.queryUrl };
  let turns = { commandUrl: takeTurns(upstreams.commandUrl), queryUrl: takeTurns(upstreams.queryUrl) };
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
      void health(upstreams, res);
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ status: 'ok', service: 'gateway' }));
      return;
    }
    if (path === '/readyz') {
      void ready(upstreams, res);
      return;
    }
    if (path === '/api' || path.startsWith('/api/')) {
      proxy(req, res, upstreamFor(req.method, turns), options);
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
  return Object.assign(keepSocketsAlive(server), {
    setUpstreams(next: Upstreams) {
      Object.assign(upstreams, next);
      turns = { commandUrl: takeTurns(next.commandUrl), queryUrl: takeTurns(next.queryUrl) };
    },
  });
}
