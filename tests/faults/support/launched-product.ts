import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { repoRoot } from '@ot/infra/db/database.ts';
import { freePort } from '@ot/infra/launcher/free-port.ts';

/** `npm start` as a user runs it (scripts/start.mjs: the compiled build, built first when stale), on loopback. */
export interface LaunchedProduct {
  baseUrl: string;
  projectorProbe: string;
  launcher: ChildProcess;
  /** The launcher's children by service name (their current PIDs). */
  services(): Map<string, number>;
  /** Every line the launcher and its children wrote. */
  output: string[];
  stop(): Promise<void>;
}

export const ADMIN = { username: 'faults-admin', password: 'a long password for the fault tests' };

/** PIDs whose parent is `parent`, with the dist/server entry each runs (from /proc). */
function childrenOf(parent: number): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parent) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const name = /dist\/server\/([\w-]+)\.js/.exec(cmdline)?.[1];
      if (name) found.set(name, Number(entry));
    } catch {} // the process ended while we looked
  }
  return found;
}

export async function launchProduct(databaseUrl: string): Promise<LaunchedProduct> {
  const port = await freePort();
  const projectorPort = await freePort();
  const output: string[] = [];
  const launcher = spawn(process.execPath, ['scripts/start.mjs'], {
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
    services: () => childrenOf(launcher.pid as number),
    async stop() {
      if (launcher.exitCode === null && launcher.signalCode === null) launcher.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (launcher.exitCode === null && launcher.signalCode === null) launcher.kill('SIGKILL');
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
