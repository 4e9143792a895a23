import { existsSync } from 'node:fs';
import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import sirv from 'sirv';
import { keepSocketsAlive } from '../http/keep-alive.ts';
import type { Logger } from '../logger.ts';

export interface GatewayOptions {
  commandUrl: string;
  queryUrl: string;
  /** pwa/dist; when missing, only /api is served. */
  staticDir: string;
  logger: Logger;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Our own upstream agent lets idle sockets go after 4 s, well before the services close them (keep-alive.ts). */
const upstreamAgent = new Agent({ keepAlive: true, timeout: 4_000 });

/** Which service answers: reads go to the query side, every other method to the command side. */
export const upstreamFor = (method: string | undefined, options: Pick<GatewayOptions, 'commandUrl' | 'queryUrl'>) =>
  READ_METHODS.has(method ?? 'GET') ? options.queryUrl : options.commandUrl;

function proxy(req: IncomingMessage, res: ServerResponse, target: string, logger: Logger): void {
  const url = new URL(req.url ?? '/', target);
  const headers = { ...req.headers };
  // Our services trust these headers, so the gateway sets them from the socket, never from the client.
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  const upstream = request(url, { method: req.method, headers, agent: upstreamAgent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    logger.warn({ err: error, target }, 'upstream unavailable');
    if (!res.headersSent) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
      res.end(JSON.stringify({ message: 'The service is starting or restarting. Please try again in a moment.' }));
    } else res.destroy();
  });
  req.pipe(upstream);
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
  const results = Object.fromEntries(
    await Promise.all([check('command-service', options.commandUrl), check('query-service', options.queryUrl)]),
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
  const hasStatic = existsSync(options.staticDir);
  const assets = hasStatic
    ? sirv(options.staticDir, {
        single: true,
        etag: true,
        gzip: false,
        setHeaders(res, pathname) {
          // The service worker and the shell must be revalidated; hashed assets are immutable.
          if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else res.setHeader('Cache-Control', 'no-cache');
        },
      })
    : null;

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/health' || path === '/api/health') {
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
      proxy(req, res, upstreamFor(req.method, options), options.logger);
      return;
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    if (!assets) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('The app has not been built yet: run npm run build.');
      return;
    }
    assets(req, res, () => {
      res.writeHead(404);
      res.end();
    });
  });
  return keepSocketsAlive(server);
}
