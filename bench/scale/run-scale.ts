/**
 * `npm run bench:scale`: a studio with years of orders. Starts the product as `npm start`
 * does (a fresh PWA build, the compiled services under plain node, on a fresh database of its own), generates orders through `POST /api/admin/import`
 * in requests of 1,000, and at each step (1k, 10k, 100k orders) prints import orders/s, the time until
 * the last imported order is readable, the dashboard list's page and search latencies (p50/p99), the
 * dashboard's first row and bytes in Chromium, and each service's peak RSS, against the targets.
 *
 * Not part of `npm test`. BENCH_SCALE_STEPS=1000,10000 runs fewer steps. Postgres: TEST_DATABASE_URL,
 * else the embedded test server; the bench database is dropped at the end.
 */
import { chromium } from '@playwright/test';
import { startApp } from '../support/started-app.ts';
import { percentile } from '../support/stats.ts';
import { measureRadarReads, measureRebuildCost } from './radar-rows.ts';
import { generatedOrders, measureDashboard, peakRss, type Row, sampleRss } from './scale-support.ts';

const ADMIN = { username: 'bench', password: 'bench scale password 1' };
const steps = (process.env.BENCH_SCALE_STEPS ?? '1000,10000,100000').split(',').map(Number);
const REQUEST_SIZE = 1_000;

// The app as `npm start` runs it (the PWA as built now, its bytes are measured), on a database of its own;
// BENCH_SCALE_PORT: a port of one's own on a shared machine (else any free one).
const app = await startApp({
  admin: ADMIN,
  port: Number(process.env.BENCH_SCALE_PORT) || undefined,
  env: { LOGIN_MAX_FAILURES_PER_CLIENT: '100000' },
});
const base = app.base;
const rss = sampleRss(app.pid);

async function cleanUp(): Promise<void> {
  rss.stop();
  await app.stop();
}

try {
  await app.ready();
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
  /** Each generated order's number by its index n (the two requests in flight finish in either order). */
  const numberOf: string[] = [];
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
      report.importedKeys.forEach((key, k) => {
        numberOf[from + k] = key;
      });
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
    // An active order (every third from 1 is) from the middle of what was imported.
    const dashboard = await measureDashboard(browser, base, ADMIN, numberOf[3 * Math.floor(step / 6) + 1] as string);

    // The unparameterised call: every order with its items, streamed; then the refetch of an unchanged list.
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

    const radar = await measureRadarReads(get);
    const peaks = peakRss(rss);
    const label = `${step.toLocaleString('en-GB')} orders`;
    const row = (what: string, value: number, target: string, ok: boolean): Row => ({
      step: label,
      what,
      value,
      target,
      ok,
    });
    const atMost = (what: string, value: number, max: number) => row(what, value, `<= ${max}`, value <= max);
    rows.push(
      row('import (orders/s)', imported / importSeconds, '>= 2000', imported / importSeconds >= 2000),
      atMost('last imported order readable after (s)', readableSeconds, 5),
      atMost('paged list p50 (ms)', percentile(pageTimes, 50), 100),
      atMost('paged list p99 (ms)', percentile(pageTimes, 99), 250),
      atMost('search p50 (ms)', percentile(searchTimes, 50), 100),
      atMost('search p99 (ms)', percentile(searchTimes, 99), 250),
      atMost('dashboard first row (ms)', dashboard.firstRowMs, 1500),
      atMost('dashboard search, typed to its one row (ms)', dashboard.searchMs, 1000),
      atMost('dashboard bytes, first visit (KB)', dashboard.bytes / 1024, 1024),
      atMost('dashboard API bytes (KB)', dashboard.apiBytes / 1024, 1024),
      row('of which service worker precache (KB)', dashboard.swBytes / 1024, '-', true),
      row('whole list, unparameterised (s)', wholeSeconds, '-', whole.ok),
      row('whole list, unparameterised (MB)', wholeBytes / 1024 / 1024, '-', whole.ok),
      row(`whole list refetch, unchanged (ms, ${refetch.status})`, refetchMs, '304', refetch.status === 304),
      atMost('attention list p50 (ms)', radar.attentionMs, 100),
      atMost('lead times p50 (ms)', radar.leadTimesMs, 300),
      ...Object.entries(peaks).map(([service, mb]) => row(`${service} peak RSS (MB)`, mb, '< 300', mb < 300)),
    );
    printRows(rows.filter((row) => row.step === label));
  }
  await browser.close();
  // At the largest step: the radar's projection against a rebuild without it, in this run.
  const cost = await measureRebuildCost(app.databaseUrl);
  const largest = `${(steps.at(-1) ?? 0).toLocaleString('en-GB')} orders`;
  rows.push(
    { step: largest, what: 'rebuild without item stages (events/s)', value: cost.withoutRate, target: '-', ok: true },
    { step: largest, what: 'rebuild with item stages (events/s)', value: cost.withRate, target: '-', ok: true },
    {
      step: largest,
      what: 'item stages cost a rebuild (rate ratio)',
      value: cost.slower,
      target: '<= 1.10',
      ok: cost.slower <= 1.1,
    },
  );
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
