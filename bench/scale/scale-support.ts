import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { orderPayload } from '../../e2e/support/studio-api.ts';

export interface Row {
  step: string;
  what: string;
  value: number;
  target: string;
  ok: boolean;
}

const firstNames = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'];

/** `count` add-order payloads from the n-th on: a name and email each, dates over years, a third complete. */
const atDay = (day: string, plus: number) => new Date(Date.parse(day) + plus * 86_400_000).toISOString();

/** Processed on the order's day, with the maker 12 to 28 days, checked and collected a few days later. */
const pastOf = (day: string, n: number) => {
  const arrived = 2 + 12 + (n % 17);
  return [
    { status: 'order_being_processed', at: atDay(day, 0) },
    { status: 'order_placed_with_manufacturer', at: atDay(day, 2) },
    { status: 'order_arrived_awaiting_qc', at: atDay(day, arrived) },
    { status: 'order_checked_ready_for_collection', at: atDay(day, arrived + 1 + (n % 3)) },
    { status: 'order_collected_shipped', at: atDay(day, arrived + 5 + (n % 4)) },
  ];
};

export function generatedOrders(from: number, count: number): unknown[] {
  return Array.from({ length: count }, (_, k) => {
    const n = from + k;
    const day = new Date(Date.UTC(2018, 0, 1) + (n % 3000) * 86_400_000).toISOString().slice(0, 10);
    const complete = n % 3 === 0;
    const item = (name: string, price: number) => ({
      name,
      sku: `SKU-${n}`,
      price,
      status: complete ? 'order_collected_shipped' : n % 3 === 1 ? 'order_placed_with_manufacturer' : null,
      estimatedDelivery: complete || n % 2 === 0 ? day : null,
      // A completed order brings its past, as a studio's spreadsheet would: the radar's lead times.
      ...(complete ? { statusHistory: pastOf(day, n) } : {}),
    });
    return orderPayload({
      customerEmail: `golfer${n}@example.com`,
      customerName: `${firstNames[n % firstNames.length]} Fitter${n}`,
      orderDate: day,
      items: [item('Driver', 49_900), item('Irons', 40_000)],
    });
  });
}

interface RssSampler {
  peaks: Map<string, number>;
  reset(): void;
  stop(): void;
}

/** Every 250 ms, the RSS of each process the launcher runs, by its name (OT_PROCESS_NAME), keeping the peak. */
export function sampleRss(launcherPid: number): RssSampler {
  const peaks = new Map<string, number>();
  const names = new Map<number, string | null>();
  // Only the services (the launcher names each one); helpers such as a build are left out.
  const nameOf = (pid: number) => {
    let name = names.get(pid);
    if (name === undefined) {
      try {
        const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        name = environ.find((entry) => entry.startsWith('OT_PROCESS_NAME='))?.slice(16) ?? null;
      } catch {
        name = null;
      }
      names.set(pid, name);
    }
    return name;
  };
  const sample = () => {
    let output = '';
    try {
      output = execFileSync('ps', ['-o', 'pid=,rss=', '--ppid', String(launcherPid)], { encoding: 'utf8' });
    } catch {
      return; // no children yet
    }
    for (const line of output.trim().split('\n')) {
      const [pid, rssKb] = line.trim().split(/\s+/).map(Number);
      if (!pid || !rssKb) continue;
      const name = nameOf(pid);
      if (!name) continue;
      peaks.set(name, Math.max(peaks.get(name) ?? 0, rssKb / 1024));
    }
  };
  const timer = setInterval(sample, 250);
  return {
    peaks,
    reset: () => peaks.clear(),
    stop: () => clearInterval(timer),
  };
}

export const peakRss = (sampler: RssSampler): Record<string, number> =>
  Object.fromEntries([...sampler.peaks.entries()].sort(([a], [b]) => a.localeCompare(b)));

/**
 * The admin dashboard on a first visit, as a new admin's browser makes it: a fresh Chromium context
 * (nothing cached) with the service worker allowed, signed in by the API (not counted). Times navigation
 * to the first order row and a search for `wanted` (an active order's number) to its one row, then waits until the service worker is active (its precache downloaded) and
 * the network is quiet, and counts every byte received on the wire: the page's requests and the
 * service worker's own, and the API's alone.
 */
export async function measureDashboard(
  browser: Browser,
  base: string,
  admin: { username: string; password: string },
  wanted: string,
): Promise<{ firstRowMs: number; searchMs: number; bytes: number; apiBytes: number; swBytes: number }> {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/admin/login', { data: admin });
  if (!login.ok()) throw new Error(`dashboard login failed: ${login.status()}`);
  let bytes = 0;
  let apiBytes = 0;
  let swBytes = 0;
  const sizes: Promise<void>[] = [];
  // Context events include the service worker's requests (its precache) as well as the page's.
  context.on('requestfinished', (request) => {
    sizes.push(
      request.sizes().then((size) => {
        const received = size.responseHeadersSize + size.responseBodySize;
        bytes += received;
        if (new URL(request.url()).pathname.startsWith('/api/')) apiBytes += received;
        if (request.serviceWorker()) swBytes += received;
      }),
    );
  });
  const started = performance.now();
  await page.goto('/admin/dashboard');
  await page
    .getByRole('cell')
    .filter({ hasText: /^EP-\d+$/ })
    .first()
    .waitFor({ timeout: 60_000 });
  const firstRowMs = performance.now() - started;
  // Then the admin types one order's number: timed at each frame until it is the one row shown.
  const searched = performance.now();
  await page.getByPlaceholder('Search by order number or product').fill(wanted);
  await page.waitForFunction(
    (n) => {
      const rows = document.querySelectorAll('tbody tr[aria-rowindex]');
      return rows.length === 1 && rows[0]?.querySelector('td')?.textContent === n;
    },
    wanted,
    { polling: 'raf', timeout: 60_000 },
  );
  const searchMs = performance.now() - searched;
  // The service worker installs after the first render; what it precaches counts for the first visit.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!registration.active) throw new Error('no active service worker');
  });
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(1000);
  await Promise.all(sizes);
  await context.close();
  return { firstRowMs, searchMs, bytes, apiBytes, swBytes };
}
