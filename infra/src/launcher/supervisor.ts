import { type ChildProcess, spawn } from 'node:child_process';
import type { Logger } from '../logger.ts';

export interface ChildSpec {
  name: string;
  /** Arguments to `node`: the compiled entry, or `--import tsx <source>` in development. */
  args: string[];
  env: Record<string, string>;
}

/** A child that reported ready and then dies is restarted at once; one that never got ready waits longer each time. */
const RESTART_AT_ONCE_MS = 50;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/** A child that exits by itself this soon after reporting ready is crash-looping, not merely restarted. */
const SETTLED_MS = 1_000;

export const restartDelay = (failures: number): number =>
  failures === 0 ? RESTART_AT_ONCE_MS : Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - 1));

/**
 * Runs each service as its own process and restarts one that exits, logging one line per restart with
 * its cause (exit code or signal, and the last error the child reported or wrote to stderr). A child
 * says it is ready over IPC (`{type: 'ready'}`): that clears its backoff. `stop()` sends SIGTERM to all
 * and waits for them.
 */
export function createSupervisor(logger: Logger, baseEnv: NodeJS.ProcessEnv) {
  const running = new Map<string, ChildProcess>();
  let stopping = false;

  /**
   * `failures`: exits in a row that the child caused before it got ready (or just after). Reporting
   * ready clears it; a kill by a signal (an operator, a test) neither grows nor clears it.
   */
  function launch(spec: ChildSpec, failures = 0): void {
    const startedAt = Date.now();
    const child = spawn(process.execPath, spec.args, {
      env: { ...baseEnv, ...spec.env, OT_LAUNCHED: '1', OT_PROCESS_NAME: spec.name },
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    running.set(spec.name, child);
    let readyAt: number | undefined;
    let lastError: string | undefined;
    child.on('message', (message: { type?: string; message?: string }) => {
      if (message?.type === 'ready' && readyAt === undefined) {
        readyAt = Date.now();
        failures = 0;
        logger.info({ child: spec.name, pid: child.pid, ms: readyAt - startedAt }, `${spec.name} ready`);
      }
      if (message?.type === 'fatal' && message.message) lastError = message.message;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      lastError = lastErrorLine(chunk) ?? lastError;
    });
    child.on('error', (error) => logger.error({ child: spec.name, err: error }, `${spec.name} could not start`));
    child.on('exit', (code, signal) => {
      if (running.get(spec.name) === child) running.delete(spec.name);
      if (stopping) return;
      const settled = readyAt !== undefined && Date.now() - readyAt >= SETTLED_MS;
      const nextFailures = signal !== null || settled ? failures : failures + 1;
      const delay = restartDelay(nextFailures);
      const cause = `${signal ? `killed by ${signal}` : `exit code ${code}`}${lastError ? `: ${lastError}` : ''}`;
      const wasReady = readyAt !== undefined;
      logger.warn(
        { child: spec.name, pid: child.pid, code, signal, lastError, wasReady, restartInMs: delay },
        `${spec.name} exited (${cause}); restarting in ${delay} ms`,
      );
      setTimeout(() => {
        if (!stopping) launch(spec, nextFailures);
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
      await Promise.all([...running.values()].map(stopChild));
    },
  };
}

/** SIGTERM, and SIGKILL if it has not exited 8 s later. */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 8000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The last line a child wrote to stderr that is not a stack frame: the cause a restart's log line names. */
function lastErrorLine(chunk: Buffer): string | undefined {
  const lines = chunk.toString('utf8').split('\n');
  return lines
    .findLast((line) => line.trim() && !line.trimStart().startsWith('at '))
    ?.trim()
    .slice(0, 300);
}
