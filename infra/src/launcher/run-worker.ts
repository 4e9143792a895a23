import { createServer, type RequestListener } from 'node:http';
import { jitteredBackoff } from '../db/backoff.ts';
import { isConnectionError } from '../db/connection-errors.ts';
import type { Logger } from '../logger.ts';
import { exitWithParent } from './exit-with-parent.ts';
import { type Readiness, reportFatal, reportReadyWhen } from './ready.ts';

export interface Worker {
  /** Resolves once the worker has stopped after `stop()`. */
  run(): Promise<void>;
  stop(): unknown;
}

/**
 * The life of a follower process (projector, notifier): an optional health server on loopback
 * (`/healthz`, `/readyz`, then the worker's own routes), a ready report to the launcher once
 * `readiness` holds, a clean stop on SIGTERM, SIGINT or when the launcher goes away, then `close` and
 * exit 0. A lost database connection is not a reason to die: the worker runs again after a jittered
 * backoff (it resumes from its checkpoint). Any other failure is logged as fatal and exits 1, so the
 * launcher restarts the process.
 */
export function runWorker(options: {
  name: string;
  logger: Logger;
  worker: Worker;
  /** 0: no health server. */
  healthPort: number;
  health: RequestListener;
  readiness: () => Promise<Readiness>;
  /** Started by `npm start`: stop when the launcher is gone. */
  launched: boolean;
  close: () => Promise<void>;
}): void {
  const { name, logger, worker } = options;
  if (options.healthPort) {
    const health = createServer(async (req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/healthz') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ status: 'ok', service: name }));
      } else if (path === '/readyz') {
        const { ready, ...details } = await options.readiness();
        res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ status: ready ? 'ready' : 'unavailable', service: name, ...details }));
      } else options.health(req, res);
    });
    // A replacement (rolling restart) starts while the process it replaces still holds the port: it takes
    // the port over once that one has stopped.
    const listen = () => health.listen(options.healthPort, '127.0.0.1');
    health.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error;
      setTimeout(listen, 200).unref();
    });
    listen();
  }

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    worker.stop();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  exitWithParent(options.launched);

  const backoff = jitteredBackoff(100, 5000);
  const runUntilStopped = async (): Promise<void> => {
    for (;;) {
      const startedAt = Date.now();
      try {
        await worker.run();
        return;
      } catch (error) {
        if (stopping || !isConnectionError(error)) throw error;
        if (Date.now() - startedAt > 10_000) backoff.reset();
        const delay = backoff.next();
        logger.warn({ err: error, retryInMs: delay }, `${name} lost its database connection; resuming`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (stopping) return;
      }
    }
  };

  runUntilStopped()
    .then(async () => {
      await options.close();
      process.exit(0);
    })
    .catch(async (error: unknown) => {
      logger.fatal({ err: error }, `${name} failed`);
      await reportFatal(error);
      process.exit(1);
    });
  void reportReadyWhen(options.readiness);
}
