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
  const sup: Supervision = {
    logger,
    baseEnv,
    running: new Map(),
    specs: new Map(),
    onTrial: new Set(),
    readiness: new WeakMap(),
    stopping: false,
  };
  return {
    start(spec: ChildSpec) {
      sup.specs.set(spec.name, spec);
      sup.running.set(spec.name, launch(sup, spec));
    },
    /**
     * A new process for `name` (with `env` added to its environment), and the old one stopped once the new
     * one is ready; `beforeStop` runs in between (the gateway told where the new one listens). A new
     * process that exits or is not ready within REPLACE_READY_MS is stopped and the old one kept: throws.
     */
    replace: (name: string, env: Record<string, string> = {}, beforeStop: () => Promise<void> | void = () => {}) =>
      replaceChild(sup, name, env, beforeStop),
    /** The process's environment from now on (its next restart), e.g. the gateway's service URLs. */
    setEnv(name: string, env: Record<string, string>) {
      const spec = sup.specs.get(name);
      if (spec) sup.specs.set(name, { ...spec, env: { ...spec.env, ...env } });
    },
    /** Sends `message` to the child and waits (at most a few seconds) for its answer of type `reply`. */
    ask: (name: string, message: object, reply: string, timeoutMs = 5_000) =>
      askChild(sup.running.get(name), message, reply, timeoutMs),
    names: () => [...sup.specs.keys()],
    pid(name: string): number | undefined {
      return sup.running.get(name)?.pid;
    },
    async stop(): Promise<void> {
      sup.stopping = true;
      await Promise.all([...sup.running.values(), ...sup.onTrial].map(stopChild));
    },
  };
}

interface Supervision {
  logger: Logger;
  baseEnv: NodeJS.ProcessEnv;
  running: Map<string, ChildProcess>;
  specs: Map<string, ChildSpec>;
  /** Replacements not yet ready: one that exits is not restarted; the process it was to replace stays. */
  onTrial: Set<ChildProcess>;
  readiness: WeakMap<ChildProcess, Promise<boolean>>;
  stopping: boolean;
}

/**
 * `failures`: exits in a row that the child caused before it got ready (or just after). Reporting
 * ready clears it; a kill by a signal (an operator, a test) neither grows nor clears it.
 */
function launch(sup: Supervision, spec: ChildSpec, failures = 0): ChildProcess {
  const startedAt = Date.now();
  const child = spawn(process.execPath, spec.args, {
    env: { ...sup.baseEnv, ...spec.env, OT_LAUNCHED: '1', OT_PROCESS_NAME: spec.name },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const life: ChildLife = { startedAt, readyAt: undefined, lastError: undefined, failures, reportReady: () => {} };
  sup.readiness.set(
    child,
    new Promise<boolean>((resolve) => {
      life.reportReady = resolve;
    }),
  );
  child.on('message', (message: { type?: string; message?: string }) => {
    if (message?.type === 'ready' && life.readyAt === undefined) {
      life.readyAt = Date.now();
      life.failures = 0;
      life.reportReady(true);
      sup.logger.info({ child: spec.name, pid: child.pid, ms: life.readyAt - startedAt }, `${spec.name} ready`);
    }
    if (message?.type === 'fatal' && message.message) life.lastError = message.message;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    life.lastError = lastErrorLine(chunk) ?? life.lastError;
  });
  child.on('error', (error) => sup.logger.error({ child: spec.name, err: error }, `${spec.name} could not start`));
  child.on('exit', (code, signal) => restartAfterExit(sup, spec, child, life, code, signal));
  return child;
}

/** What the supervisor knows of one process: when it got ready, the last error it reported, its failures. */
interface ChildLife {
  startedAt: number;
  readyAt: number | undefined;
  lastError: string | undefined;
  failures: number;
  reportReady: (ready: boolean) => void;
}

function restartAfterExit(
  sup: Supervision,
  spec: ChildSpec,
  child: ChildProcess,
  life: ChildLife,
  code: number | null,
  signal: NodeJS.Signals | null,
): void {
  life.reportReady(false);
  // Replaced (or a replacement that failed its trial): nothing to restart.
  if (sup.running.get(spec.name) !== child || sup.onTrial.has(child)) return;
  sup.running.delete(spec.name);
  if (sup.stopping) return;
  const { readyAt, lastError } = life;
  const settled = readyAt !== undefined && Date.now() - readyAt >= SETTLED_MS;
  const nextFailures = signal !== null || settled ? life.failures : life.failures + 1;
  const delay = restartDelay(nextFailures);
  const cause = `${signal ? `killed by ${signal}` : `exit code ${code}`}${lastError ? `: ${lastError}` : ''}`;
  sup.logger.warn(
    { child: spec.name, pid: child.pid, code, signal, lastError, wasReady: readyAt !== undefined, restartInMs: delay },
    `${spec.name} exited (${cause}); restarting in ${delay} ms`,
  );
  setTimeout(() => {
    if (!sup.stopping && !sup.running.has(spec.name))
      sup.running.set(spec.name, launch(sup, sup.specs.get(spec.name) ?? spec, nextFailures));
  }, delay);
}

async function replaceChild(
  sup: Supervision,
  name: string,
  env: Record<string, string>,
  beforeStop: () => Promise<void> | void,
): Promise<void> {
  const spec = sup.specs.get(name);
  if (!spec || sup.stopping) throw new Error(`${name} is not running`);
  const next = { ...spec, env: { ...spec.env, ...env } };
  const child = launch(sup, next);
  sup.onTrial.add(child);
  let timer: NodeJS.Timeout | undefined;
  const ready = await Promise.race([
    sup.readiness.get(child),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), REPLACE_READY_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!ready || sup.stopping) {
    await stopChild(child);
    sup.onTrial.delete(child);
    throw new Error(`the new ${name} did not get ready; the old one keeps running`);
  }
  sup.onTrial.delete(child);
  sup.specs.set(name, next);
  // The old one, or the process that took its place if it died meanwhile: never restarted from here on.
  const current = sup.running.get(name);
  sup.running.set(name, child);
  await beforeStop();
  if (current) await stopChild(current);
}

function askChild(child: ChildProcess | undefined, message: object, reply: string, timeoutMs: number): Promise<void> {
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
