/**
 * `npm run bench:scale` (issue 18): a studio with years of orders. Starts the product as `npm start`
 * does (a fresh PWA build, the compiled services under plain node, on a fresh database of its own), generates orders through `POST /api/admin/import`
 * in requests of 1,000, and at each step (1k, 10k, 100k orders) prints import orders/s, the time until
 * the last imported order is readable, the dashboard list's page and search latencies (p50/p99), the
 * dashboard's first row and bytes in Chromium, and each service's peak RSS, against the targets.
 *
 * Not part of `npm test`. BENCH_SCALE_STEPS=1000,10000 runs fewer steps. Postgres: TEST_DATABASE_URL,
 * else the embedded test server; the bench database is dropped at the end.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '@ot/infra/db/database.ts';
import { startEmbeddedPostgres } from '@ot/infra/db/embedded-postgres.ts';
import { migrate } from '@ot/infra/db/migrate.ts';
import { freePort } from '@ot/infra/launcher/free-port.ts';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { generatedOrders, measureDashboard, peakRss, percentile, type Row, sampleRss } from './scale-support.ts';

const ADMIN = { username: 'bench', password: 'bench scale password 1' };
const steps = (process.env.BENCH_SCALE_STEPS ?? '1000,10000,100000').split(',').map(Number);
const REQUEST_SIZE = 1_000;

// The app as `npm start` runs it: the PWA as built now (its bytes are measured), the services compiled.
const build = spawnSync('npm', ['run', 'build', '-w', '@ot/pwa'], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) throw new Error('the PWA build failed');

let serverUrl = process.env.TEST_DATABASE_URL;
let stopServer = async () => {};
if (!serverUrl) {
  const server = await startEmbeddedPostgres({
    dataDir: join(repoRoot, '.data', 'test-postgres'),
    database: 'postgres',
  });
  serverUrl = server.url;
  stopServer = server.stop;
}
const dbName = `ot_bench_scale_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
await migrate(dbUrl.toString());

// BENCH_SCALE_PORT: a port of one's own on a shared machine (else any free one).
const port = Number(process.env.BENCH_SCALE_PORT) || (await freePort());
const base = `http://127.0.0.1:${port}`;
const launcher: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PER_CLIENT: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const rss = sampleRss(launcher.pid as number);

async function cleanUp(): Promise<void> {
  rss.stop();
  if (launcher.exitCode === null) {
    const exited = new Promise((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGINT');
    await exited;
  }
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop database if exists ${dbName} with (force)`);
  await client.end();
  await stopServer();
}

try {
  for (let i = 0; ; i++) {
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) break;
    if (i > 600) throw new Error('the app did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const login = await fetch(`${base}/api/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`admin login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const get = (path: string) => fetch(base + path, { headers: { cookie } });

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  const rows: Row[] = [];
  let total = 0;
  const numbers: string[] = [];
  for (const step of steps) {
    rss.reset();
    // Import up to the step, 1,000 orders a request, two requests at a time.
    const started = performance.now();
    const requests: number[] = [];
    for (let from = total; from < step; from += REQUEST_SIZE) requests.push(from);
    const importOne = async (from: number) => {
      const body = JSON.stringify(generatedOrders(from, Math.min(REQUEST_SIZE, step - from)));
      const answer = await fetch(`${base}/api/admin/import`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body,
      });
      if (answer.status !== 200) throw new Error(`import failed: ${answer.status} ${await answer.text()}`);
      const report = (await answer.json()) as { importedKeys: string[] };
      numbers.push(...report.importedKeys);
    };
    const queue = [...requests];
    await Promise.all(
      [0, 1].map(async () => {
        for (let from = queue.shift(); from !== undefined; from = queue.shift()) await importOne(from);
      }),
    );
    const importSeconds = (performance.now() - started) / 1000;
    const imported = step - total;
    total = step;

    // Until the last imported order is readable.
    const last = numbers.at(-1) as string;
    const waitStart = performance.now();
    for (;;) {
      const answer = await get(`/api/orders/${encodeURIComponent(last)}`);
      await answer.arrayBuffer();
      if (answer.status === 200) break;
      if (performance.now() - waitStart > 600_000) throw new Error('the last order never became readable');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const readableSeconds = (performance.now() - waitStart) / 1000;

    // The dashboard's list: first pages of both tabs, and next pages by cursor.
    const timed = async (path: string) => {
      const t = performance.now();
      const answer = await get(path);
      const body = (await answer.json()) as { nextCursor?: string | null };
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
      return { ms: performance.now() - t, body };
    };
    const pageTimes: number[] = [];
    for (const tab of ['active', 'completed']) {
      let cursor: string | null | undefined = null;
      for (let i = 0; i < 25; i++) {
        const { ms, body } = await timed(`/api/admin/orders?tab=${tab}&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
        pageTimes.push(ms);
        cursor = body.nextCursor;
        if (!cursor) cursor = null;
      }
    }
    const searchTimes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const n = Math.floor((i * 7919) % step);
      const term = [`golfer${n}`, `Fitter${n} `, String(numbers[n]).slice(-4), `GOLFER${n}@`, 'ada'][i % 5] as string;
      const tab = i % 2 ? 'completed' : 'active';
      searchTimes.push((await timed(`/api/admin/orders?tab=${tab}&search=${encodeURIComponent(term)}`)).ms);
    }
    const dashboard = await measureDashboard(browser, base, ADMIN);

    // The spec's call: every order with its items, streamed; then the refetch of an unchanged list.
    const wholeStart = performance.now();
    const whole = await get('/api/admin/orders');
    let wholeBytes = 0;
    for await (const chunk of whole.body ?? []) wholeBytes += (chunk as Uint8Array).length;
    const wholeSeconds = (performance.now() - wholeStart) / 1000;
    const refetchStart = performance.now();
    const refetch = await fetch(`${base}/api/admin/orders`, {
      headers: { cookie, 'if-none-match': whole.headers.get('etag') ?? '' },
    });
    await refetch.arrayBuffer();
    const refetchMs = performance.now() - refetchStart;

    const peaks = peakRss(rss);
    const label = `${step.toLocaleString('en-GB')} orders`;
    rows.push(
      {
        step: label,
        what: 'import (orders/s)',
        value: imported / importSeconds,
        target: '>= 2000',
        ok: imported / importSeconds >= 2000,
      },
      {
        step: label,
        what: 'last imported order readable after (s)',
        value: readableSeconds,
        target: '<= 5',
        ok: readableSeconds <= 5,
      },
      {
        step: label,
        what: 'paged list p50 (ms)',
        value: percentile(pageTimes, 50),
        target: '<= 100',
        ok: percentile(pageTimes, 50) <= 100,
      },
      {
        step: label,
        what: 'paged list p99 (ms)',
        value: percentile(pageTimes, 99),
        target: '<= 250',
        ok: percentile(pageTimes, 99) <= 250,
      },
      {
        step: label,
        what: 'search p50 (ms)',
        value: percentile(searchTimes, 50),
        target: '<= 100',
        ok: percentile(searchTimes, 50) <= 100,
      },
      {
        step: label,
        what: 'search p99 (ms)',
        value: percentile(searchTimes, 99),
        target: '<= 250',
        ok: percentile(searchTimes, 99) <= 250,
      },
      {
        step: label,
        what: 'dashboard first row (ms)',
        value: dashboard.firstRowMs,
        target: '<= 1500',
        ok: dashboard.firstRowMs <= 1500,
      },
      {
        step: label,
        what: 'dashboard bytes, first visit (KB)',
        value: dashboard.bytes / 1024,
        target: '<= 1024',
        ok: dashboard.bytes <= 1024 * 1024,
      },
      {
        step: label,
        what: 'dashboard API bytes (KB)',
        value: dashboard.apiBytes / 1024,
        target: '<= 1024',
        ok: dashboard.apiBytes <= 1024 * 1024,
      },
      {
        step: label,
        what: 'of which service worker precache (KB)',
        value: dashboard.swBytes / 1024,
        target: '-',
        ok: true,
      },
      { step: label, what: 'whole list, unparameterised (s)', value: wholeSeconds, target: '-', ok: whole.ok },
      {
        step: label,
        what: 'whole list, unparameterised (MB)',
        value: wholeBytes / 1024 / 1024,
        target: '-',
        ok: whole.ok,
      },
      {
        step: label,
        what: `whole list refetch, unchanged (ms, ${refetch.status})`,
        value: refetchMs,
        target: '304',
        ok: refetch.status === 304,
      },
      ...Object.entries(peaks).map(([service, mb]) => ({
        step: label,
        what: `${service} peak RSS (MB)`,
        value: mb,
        target: '< 300',
        ok: mb < 300,
      })),
    );
    printRows(rows.filter((row) => row.step === label));
  }
  await browser.close();
  console.log('\nAll steps:');
  printRows(rows);
} finally {
  await cleanUp();
}

function printRows(list: Row[]): void {
  for (const row of list) {
    const value = row.value >= 100 ? row.value.toFixed(0) : row.value.toFixed(2);
    console.log(
      `${row.step.padEnd(16)} ${row.what.padEnd(42)} ${value.padStart(10)}  target ${row.target.padEnd(8)} ${row.ok ? 'ok' : 'MISSED'}`,
    );
  }
}
