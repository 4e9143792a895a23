import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@ot/infra/db/database.ts';
import { freePort } from '@ot/infra/launcher/free-port.ts';
import { createTestDatabase, testServer } from '@ot/infra/testing/test-database.ts';

export interface StartedApp {
  base: string;
  /** The launcher's process id (its services run in its process group). */
  pid: number;
  /** The app's database (its owner's URL), for what a bench does beside the app (a rebuild). */
  databaseUrl: string;
  /** Resolves once `/api/health` answers; throws when the app exits or is not up within 2 minutes. */
  ready(): Promise<void>;
  /** Stops the whole process group, drops the database and stops a test server started for it. */
  stop(): Promise<void>;
}

/**
 * The product as `npm start` runs it, for the benchmarks that measure it whole: the PWA built now (its
 * bytes are measured), scripts/start.mjs (the compiled services) in a process group of its own on `port`
 * (else a free one), and a fresh, migrated database of its own on the test server.
 */
export async function startApp(options: {
  admin: { username: string; password: string };
  port?: number;
  env?: Record<string, string>;
}): Promise<StartedApp> {
  const build = spawnSync('npm', ['run', 'build', '-w', '@ot/pwa'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('npm run build -w @ot/pwa failed');
  const server = await testServer();
  const db = await createTestDatabase();
  const port = options.port || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const app: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      ADMIN_USERNAME: options.admin.username,
      ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: 'warn',
      // A fresh database of its own: the spec documents of this checkout's .data/ are not its to move in.
      DOCUMENT_STORE_DIR: join(tmpdir(), `ot-no-documents-${process.pid}`),
      ...options.env,
    },
  });
  return {
    base,
    pid: app.pid as number,
    databaseUrl: db.url,
    async ready() {
      for (let i = 0; ; i++) {
        if (app.exitCode !== null) throw new Error(`npm start exited with code ${app.exitCode}`);
        if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) return;
        if (i > 600) throw new Error('the app did not start within 2 minutes');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      if (app.exitCode === null && app.pid) {
        const exited = new Promise((resolve) => app.once('exit', resolve));
        process.kill(-app.pid, 'SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        if (app.exitCode === null) process.kill(-app.pid, 'SIGKILL');
      }
      await db.drop();
      await server.stop();
    },
  };
}
