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

/** How long a replacement may take to report ready before it is given up and the old process kept. */
const REPLACE_READY_MS = 60_000;
/**
 * Runs each service as its own process and restarts one that exits, logging one line per restart with
 * its cause (exit code or signal, and the last error the child reported or wrote to stderr). A child
 * says it is ready over IPC (`{type: 'ready'}`): that clears its backoff. `replace()` starts a new
 * process for one and stops the old only once the new one is ready (a rolling restart). `stop()` sends
 * SIGTERM to all and waits for them.
 */
export function createSupervisor(logger: Logger, baseEnv: NodeJS.ProcessEnv) {
  const running = new Map<string, ChildProcess>();
  const specs = new Map<string, ChildSpec>();
  /** Replacements not yet ready: one that exits is not restarted; the process it was to replace stays. */
  const onTrial = new Set<ChildProcess>();
  const readiness = new WeakMap<ChildProcess, Promise<boolean>>();
  let stopping = false;

  /**
   * `failures`: exits in a row that the child caused before it got ready (or just after). Reporting
   * ready clears it; a kill by a signal (an operator, a test) neither grows nor clears it.
   */
  function launch(spec: ChildSpec, failures = 0): ChildProcess {
    const startedAt = Date.now();
    const child = spawn(process.execPath, spec.args, {
      env: { ...baseEnv, ...spec.env, OT_LAUNCHED: '1', OT_PROCESS_NAME: spec.name },
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let readyAt: number | undefined;
    let lastError: string | undefined;
    let reportReady: (ready: boolean) => void = () => {};
    readiness.set(
      child,
      new Promise<boolean>((resolve) => {
        reportReady = resolve;
      }),
    );
    child.on('message', (message: { type?: string; message?: string }) => {
      if (message?.type === 'ready' && readyAt === undefined) {
        readyAt = Date.now();
        failures = 0;
        reportReady(true);
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
      reportReady(false);
      // Replaced (or a replacement that failed its trial): nothing to restart.
      if (running.get(spec.name) !== child || onTrial.has(child)) return;
      running.delete(spec.name);
      if (stopping) return;
      const settled = readyAt !== undefined && Date.now() - readyAt >= SETTLED_MS;
      const nextFailures = signal !== null || settled ? failures : failures + 1;
      const delay = restartDelay(nextFailures);
      const cause = `${signal ? `killed by ${signal}` : `exit code ${code}`}${lastError ? `: ${lastError}` : ''}`;
      logger.warn(
        {
          child: spec.name,
          pid: child.pid,
          code,
          signal,
          lastError,
          wasReady: readyAt !== undefined,
          restartInMs: delay,
        },
        `${spec.name} exited (${cause}); restarting in ${delay} ms`,
      );
      setTimeout(() => {
        if (!stopping && !running.has(spec.name))
          running.set(spec.name, launch(specs.get(spec.name) ?? spec, nextFailures));
      }, delay);
    });
    return child;
  }

  return {
    start(spec: ChildSpec) {
      specs.set(spec.name, spec);
      running.set(spec.name, launch(spec));
    },
    /**
     * A new process for `name` (with `env` added to its environment), and the old one stopped once the new
     * one is ready; `beforeStop` runs in between (the gateway told where the new one listens). A new
     * process that exits or is not ready within REPLACE_READY_MS is stopped and the old one kept: throws.
     */
    async replace(
      name: string,
      env: Record<string, string> = {},
      beforeStop: () => Promise<void> | void = () => {},
    ): Promise<void> {
      const spec = specs.get(name);
      if (!spec || stopping) throw new Error(`${name} is not running`);
      const next = { ...spec, env: { ...spec.env, ...env } };
      const child = launch(next);
      onTrial.add(child);
      let timer: NodeJS.Timeout | undefined;
      const ready = await Promise.race([
        readiness.get(child),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), REPLACE_READY_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!ready || stopping) {
        await stopChild(child);
        onTrial.delete(child);
        throw new Error(`the new ${name} did not get ready; the old one keeps running`);
      }
      onTrial.delete(child);
      specs.set(name, next);
      // The old one, or the process that took its place if it died meanwhile: never restarted from here on.
      const current = running.get(name);
      running.set(name, child);
      await beforeStop();
      if (current) await stopChild(current);
    },
    /** The process's environment from now on (its next restart), e.g. the gateway's service URLs. */
    setEnv(name: string, env: Record<string, string>) {
      const spec = specs.get(name);
      if (spec) specs.set(name, { ...spec, env: { ...spec.env, ...env } });
    },
    /** Sends `message` to the child and waits (at most a few seconds) for its answer of type `reply`. */
    ask(name: string, message: object, reply: string, timeoutMs = 5_000): Promise<void> {
      const child = running.get(name);
      if (!child?.connected) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          child.off('message', listen);
          child.off('exit', done);
          resolve();
        };
        const listen = (answer: { type?: string }) => {
          if (answer?.type === reply) done();
        };
        const timer = setTimeout(done, timeoutMs);
        child.on('message', listen);
        child.once('exit', done);
        child.send(message);
      });
    },
    names: () => [...specs.keys()],
    pid(name: string): number | undefined {
      return running.get(name)?.pid;
    },
    async stop(): Promise<void> {
      stopping = true;
      await Promise.all([...running.values(), ...onTrial].map(stopChild));
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
