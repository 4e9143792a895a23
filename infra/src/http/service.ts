import { createServer, type Server } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { exitWithParent } from '../launcher/exit-with-parent.ts';
import { databaseReadiness, type Readiness, reportReadyWhen } from '../launcher/ready.ts';
import type { Logger } from '../logger.ts';
import { errorHandler } from './errors.ts';
import { keepSocketsAlive } from './keep-alive.ts';
import type { AppState } from './session.ts';

const alwaysReady = async (): Promise<Readiness> => ({ ready: true });
const PROBES = new Set(['/health', '/healthz', '/readyz']);

/**
 * A Koa app with the shared edges: request log, error path, probes, and no caching of API answers.
 * `/healthz` (and `/health`, `/api/health/<service>`): the process answers. `/readyz`: it can work now
 * (`readiness`, e.g. its database answers), else 503.
 */
export function createKoaApp(
  logger: Logger,
  service: string,
  readiness: () => Promise<Readiness> = alwaysReady,
): Koa<AppState> {
  const app = new Koa<AppState>();
  // Behind our gateway, which sets X-Forwarded-For/-Proto itself from the socket it accepted.
  app.proxy = true;
  app.silent = true;
  app.use(async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // Answered without reading the whole body (401 or 413 on an upload): read and drop the rest, so the
      // connection (the gateway's pooled one) is in step for its next request. Closing it instead would
      // reset it with the answer still unread on the other side.
      if (!ctx.req.complete) ctx.req.resume();
      const ms = Math.round(performance.now() - started);
      // Successful reads are the bulk of the traffic: logged at debug (LOG_LEVEL=debug), writes and refusals at info.
      const quiet = PROBES.has(ctx.path) || ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.status < 400);
      const entry = { method: ctx.method, path: ctx.path, status: ctx.status, ms };
      if (quiet) logger.debug(entry, 'request');
      else logger.info(entry, 'request');
    }
  });
  app.use(errorHandler(logger));
  app.use(async (ctx, next) => {
    if (ctx.path === '/health' || ctx.path === '/healthz' || ctx.path === `/api/health/${service}`) {
      ctx.body = { status: 'ok', service };
      return;
    }
    if (ctx.path === '/readyz') {
      const { ready, ...details } = await readiness();
      ctx.set('Cache-Control', 'no-store');
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'unavailable', service, ...details };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  return app;
}

/** Mounts each route (`(router, deps) => void`, one per feature) on one router, and that on the app. */
export function mountRoutes<Deps>(
  app: Koa<AppState>,
  deps: Deps,
  routes: readonly ((router: Router<AppState>, deps: Deps) => void)[],
): void {
  const router = new Router<AppState>();
  for (const route of routes) route(router, deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
}

/**
 * Listen on `config.SERVICE_HOST`, tell the launcher once the database answers, and close cleanly on
 * SIGTERM/SIGINT: stop accepting, finish requests, then run `onClose`.
 */
export function serve(
  app: Koa<AppState>,
  port: number,
  {
    config,
    logger,
    pool,
    onClose,
  }: {
    config: Pick<Config, 'SERVICE_HOST' | 'OT_LAUNCHED'>;
    logger: Logger;
    pool: pg.Pool;
    onClose: () => Promise<void>;
  },
): Server {
  const host = config.SERVICE_HOST;
  const readiness = () => databaseReadiness(pool);
  const server = keepSocketsAlive(createServer(app.callback()));
  server.listen(port, host, () => {
    logger.info({ port, host }, 'listening');
    void reportReadyWhen(readiness);
  });
  const shutdown = () => {
    logger.info('shutting down');
    server.close(() => {
      onClose().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  exitWithParent(config.OT_LAUNCHED);
  return server;
}
