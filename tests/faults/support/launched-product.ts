import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@ot/infra/db/database.ts';
import { freePort } from '@ot/infra/launcher/free-port.ts';
import { parentPids } from '../../support/proc.ts';

/** `npm start` as a user runs it (scripts/start.mjs: the compiled build, built first when stale), on loopback. */
export interface LaunchedProduct {
  baseUrl: string;
  projectorProbe: string;
  launcher: ChildProcess;
  /** The processes it started by name, each service and (under npm) `launcher` (their current PIDs). */
  services(): Map<string, number>;
  /** Every line the launcher and its children wrote. */
  output: string[];
  stop(): Promise<void>;
}

export const ADMIN = { username: 'faults-admin', password: 'a long password for the fault tests' };

/**
 * The processes `root` started, at any depth, by name: each dist/server entry, and `launcher` for
 * scripts/start.mjs (from /proc). Under npm the launcher is npm's child, or a shell's between them.
 */
export function descendantsOf(root: number): Map<string, number> {
  const parents = parentPids();
  const under = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === root) return true;
    return false;
  };
  const found = new Map<string, number>();
  for (const pid of parents.keys()) {
    if (!under(pid)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    const name = cmdline.includes('scripts/start.mjs') ? 'launcher' : /dist\/server\/([\w-]+)\.js/.exec(cmdline)?.[1];
    if (name) found.set(name, pid);
  }
  return found;
}

/**
 * `through: 'npm'` runs `npm start` itself (npm's own process, whose child is the launcher); else node runs
 * scripts/start.mjs, as the start script does.
 */
export async function launchProduct(databaseUrl: string, options: { through?: 'npm' } = {}): Promise<LaunchedProduct> {
  const port = await freePort();
  const projectorPort = await freePort();
  const output: string[] = [];
  // npm's own CLI when a script runs this (npm_execpath), else the one on PATH.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const [command, ...args] = options.through === 'npm' ? [...npm, 'start'] : [process.execPath, 'scripts/start.mjs'];
  const launcher = spawn(command as string, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PROJECTOR_HEALTH_PORT: String(projectorPort),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // A fresh database of its own: the spec documents of this checkout's .data/ are not its to move in.
      DOCUMENT_STORE_DIR: join(tmpdir(), `ot-no-documents-${process.pid}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [launcher.stdout, launcher.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) output.push(line);
    });
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => launcher.once('exit', () => resolve()));
  const product: LaunchedProduct = {
    baseUrl,
    projectorProbe: `http://127.0.0.1:${projectorPort}/readyz`,
    launcher,
    output,
    services: () => descendantsOf(launcher.pid as number),
    async stop() {
      const running = () => launcher.exitCode === null && launcher.signalCode === null;
      if (!running()) return;
      launcher.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
      clearTimeout(timer);
      if (running()) launcher.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + 90_000; // a first run builds the services (and the PWA when missing)
  for (;;) {
    if (launcher.exitCode !== null) throw new Error(`npm start exited:\n${output.slice(-20).join('\n')}`);
    const ready = await fetch(`${baseUrl}/readyz`).catch(() => null);
    const all = product.services();
    if (
      ready?.ok &&
      ['command-service', 'query-service', 'projector', 'notifier', 'gateway'].every((n) => all.has(n))
    ) {
      const projector = await fetch(product.projectorProbe).catch(() => null);
      if (projector?.ok) return product;
    }
    if (Date.now() > deadline) {
      await product.stop();
      throw new Error(`npm start did not get ready:\n${output.slice(-20).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
