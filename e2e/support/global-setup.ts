import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@ot/infra/db/database.ts';
import { startEmbeddedPostgres } from '@ot/infra/db/embedded-postgres.ts';
import { freePort } from '@ot/infra/launcher/free-port.ts';
import { createTestDatabase } from '@ot/infra/testing/test-database.ts';
import { startPushServiceStandIn } from '../../tests/support/push-service-stand-in.ts';
import { STAND_IN_API_KEY, startSendGridStandIn } from '../../tests/support/sendgrid-stand-in.ts';
import { ADMIN } from './admin.ts';
import { startFakeGoogle } from './fake-google.ts';

/**
 * Starts the product the way `npm start` does: a fresh PWA build, a fresh database on the server in
 * TEST_DATABASE_URL (the embedded test server when unset), and the launcher with every service on a
 * free port. Returns the teardown: SIGTERM to the launcher, then the database is dropped.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => {};

  const build = spawnSync('npm', ['run', 'build', '-w', '@ot/pwa'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the PWA build failed');

  let stopServer = async () => {};
  if (!process.env.TEST_DATABASE_URL) {
    const server = await startEmbeddedPostgres({
      dataDir: join(repoRoot, '.data', 'test-postgres'),
      database: 'postgres',
    });
    process.env.TEST_DATABASE_URL = server.url;
    stopServer = server.stop;
  }
  const db = await createTestDatabase();
  // Documents and imports fetch only from this fake Google; uploads go to a folder of their own.
  const google = await startFakeGoogle();
  process.env.E2E_FAKE_GOOGLE_ORIGIN = google.origin;
  const documentsDir = mkdtempSync(join(tmpdir(), 'ot-e2e-documents-'));
  // Emails go through the real SendGrid client to a local stand-in the tests can script (e2e/support/sendgrid.ts).
  const sendGrid = await startSendGridStandIn();
  process.env.E2E_SENDGRID_URL = sendGrid.url;
  // Pushes go to a local push service (the browsers' own cannot be reached from here; e2e/support/push.ts).
  const pushService = await startPushServiceStandIn();
  process.env.E2E_PUSH_SERVICE_ORIGIN = pushService.origin;
  const port = await freePort();
  // scripts/start.mjs, as `npm start` runs it: the bundled services on plain node (built first when
  // stale). Through tsx a fresh machine compiled each service's modules on its first requests, and
  // the first page of each worker waited seconds for /api/config.
  const app = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Tests sign in (and fail to) far more often than a person; the limiter must not get in their way.
      LOGIN_MAX_FAILURES_PER_CLIENT: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
      DEMO_DATA: '',
      DOCUMENT_FETCH_ORIGINS: google.origin,
      NODE_EXTRA_CA_CERTS: google.caFile,
      DOCUMENT_STORE_DIR: documentsDir,
      SENDGRID_API_KEY: STAND_IN_API_KEY,
      SENDGRID_API_BASE_URL: sendGrid.url,
      PUSH_SERVICE_ORIGINS: pushService.origin,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, app);
  } catch (error) {
    await stop(app);
    await sendGrid.stop();
    await pushService.stop();
    await db.drop();
    await stopServer();
    await google.close();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  // For specs that set up what only the admin CLI can (an auditor account).
  process.env.E2E_DATABASE_URL = db.url;

  return async () => {
    await stop(app);
    await sendGrid.stop();
    await pushService.stop();
    await db.drop();
    await stopServer();
    await google.close();
    rmSync(documentsDir, { recursive: true, force: true });
  };
}

async function waitForHealth(baseUrl: string, app: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode} before it was healthy`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the app did not become healthy within a minute');
}

function stop(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => app.kill('SIGKILL'), 15_000);
    app.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    app.kill('SIGTERM');
  });
}
