import { type ChildProcess, spawn } from 'node:child_process';
import type { Logger } from '../logger.ts';

export interface ChildSpec {
  name: string;
  /** A TypeScript entry point, run with tsx. */
  entry: string;
  env: Record<string, string>;
}

/**
 * Runs each service as its own process and restarts one that crashes (with a growing delay),
 * logging each exit. `stop()` sends SIGTERM to all and waits for them.
 */
export function createSupervisor(logger: Logger, baseEnv: NodeJS.ProcessEnv) {
  const running = new Map<string, ChildProcess>();
  let stopping = false;

  function launch(spec: ChildSpec, restarts = 0): void {
    const child = spawn(process.execPath, ['--import', 'tsx', spec.entry], {
      env: { ...baseEnv, ...spec.env, OT_LAUNCHED: '1', OT_PROCESS_NAME: spec.name },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    running.set(spec.name, child);
    const startedAt = Date.now();
    child.on('exit', (code, signal) => {
      running.delete(spec.name);
      if (stopping) return;
      // A child that ran for a while before crashing starts again at once; one that keeps failing waits longer.
      const attempt = Date.now() - startedAt > 30_000 ? 0 : restarts + 1;
      const delay = Math.min(30_000, 250 * 2 ** attempt);
      logger.error({ child: spec.name, code, signal, restartInMs: delay }, `${spec.name} exited; restarting`);
      setTimeout(() => {
        if (!stopping) launch(spec, attempt);
      }, delay);
    });
  }

  return {
    start(spec: ChildSpec) {
      launch(spec);
    },
    pid(name: string): number | undefined {
      return running.get(name)?.pid;
    },
    async stop(): Promise<void> {
      stopping = true;
      await Promise.all(
        [...running.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              const force = setTimeout(() => child.kill('SIGKILL'), 8000);
              child.once('exit', () => {
                clearTimeout(force);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
