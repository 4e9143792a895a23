import { createServer, type RequestListener } from 'node:http';
import type { Logger } from '../logger.ts';
import { exitWithParent } from './exit-with-parent.ts';

export interface Worker {
  /** Resolves once the worker has stopped after `stop()`. */
  run(): Promise<void>;
  stop(): unknown;
}

/**
 * The life of a follower process (projector, notifier): an optional health server on loopback, a
 * clean stop on SIGTERM, SIGINT or when the launcher goes away, then `close` and exit 0; a failure
 * is logged as fatal and exits 1, so the launcher restarts the process.
 */
export function runWorker(options: {
  name: string;
  logger: Logger;
  worker: Worker;
  /** 0: no health server. */
  healthPort: number;
  health: RequestListener;
  /** Started by `npm start`: stop when the launcher is gone. */
  launched: boolean;
  close: () => Promise<void>;
}): void {
  const { name, logger, worker } = options;
  if (options.healthPort) createServer(options.health).listen(options.healthPort, '127.0.0.1');

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    worker.stop();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  exitWithParent(options.launched);

  worker
    .run()
    .then(async () => {
      await options.close();
      process.exit(0);
    })
    .catch((error: unknown) => {
      logger.fatal({ err: error }, `${name} failed`);
      process.exit(1);
    });
}
