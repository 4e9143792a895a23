/**
 * `npm run test:browsers`: the core journeys (tests/browsers/journeys.ts) in Chromium, Firefox ESR and
 * WebKitGTK, at a phone's width (390 px) and a desktop's (1280 px), each engine and width in a fresh
 * browser profile behind a loopback proxy of its own, which a journey cuts to make the server unreachable
 * while the browser stays online. WebKit runs each session several times (BROWSERS_WEBKIT_RUNS, default 3),
 * so an intermittent start-up hang fails rather than passes by luck. BROWSERS=firefox,webkit picks engines.
 * The stack is started as the e2e tests start it (e2e/support/global-setup.ts). Ends with one line
 * `N passed, N failed`, non-zero on any failure; a failure leaves a screenshot in test-results/browsers/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from '@playwright/test';
import { ADMIN } from '../../e2e/support/admin.ts';
import { startCuttableProxy } from '../../e2e/support/cuttable-proxy.ts';
import globalSetup from '../../e2e/support/global-setup.ts';
import { StudioApi } from '../../e2e/support/studio-api.ts';
import { type Engine, launch, type Viewport } from './drivers.ts';
import { journeys, type Session } from './journeys.ts';
import { PageSteps } from './page.ts';

const JOURNEY_TIMEOUT_MS = 180_000;
const engines = (process.env.BROWSERS ?? 'chromium,firefox,webkit').split(',') as Engine[];
const webkitRuns = Number(process.env.BROWSERS_WEBKIT_RUNS ?? 3);
const viewports: [string, Viewport][] = [
  ['390px', { width: 390, height: 844 }],
  ['1280px', { width: 1280, height: 800 }],
];
const results = join(import.meta.dirname, '..', '..', 'test-results', 'browsers');
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0 };

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what} took over ${JOURNEY_TIMEOUT_MS / 1000} s`)),
        JOURNEY_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

async function runSession(
  studio: StudioApi,
  baseURL: string,
  engine: Engine,
  [width, viewport]: [string, Viewport],
  run: number,
) {
  const label = `${engine} ${width}${engine === 'webkit' ? ` run ${run}` : ''}`;
  const order = await studio.addOrder({ trackingNumber: `PF-${engine.toUpperCase()}-${width}-${run}` });
  const proxy = await startCuttableProxy(baseURL);
  let driver: Awaited<ReturnType<typeof launch>> | null = null;
  try {
    driver = await withTimeout(launch(engine, viewport), `${label}: starting the browser`);
    const page = new PageSteps(driver);
    const session: Session = { page, proxy, studio, order, width: viewport.width, phone: viewport.width < 768 };
    for (const journey of journeys) {
      const name = `${label}: ${journey.name}`;
      try {
        await withTimeout(journey.run(session), name);
        totals.passed += 1;
        console.log(`  ✓ ${name}`);
      } catch (error) {
        totals.failed += 1;
        console.log(`  ✗ ${name}\n      ${error instanceof Error ? error.message : String(error)}`);
        const file = join(results, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
        await driver.screenshot().then(
          (png) => writeFileSync(file, png),
          () => {},
        );
      }
    }
  } catch (error) {
    totals.failed += 1;
    console.log(`  ✗ ${label}: the browser did not start\n      ${String(error)}`);
  } finally {
    await driver?.close().catch(() => {});
    await proxy.close();
  }
}

const teardown = await globalSetup();
const baseURL = process.env.E2E_BASE_URL ?? '';
const http = await request.newContext({ baseURL });
try {
  const studio = new StudioApi(http);
  await studio.signIn(ADMIN.username, ADMIN.password);
  for (const engine of engines)
    for (const viewport of viewports)
      for (let run = 1; run <= (engine === 'webkit' ? webkitRuns : 1); run++)
        await runSession(studio, baseURL, engine, viewport, run);
} finally {
  await http.dispose();
  await teardown();
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
