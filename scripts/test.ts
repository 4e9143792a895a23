/**
 * `npm test`: unit tests (uvu), integration tests against a real Postgres (uvu), then end-to-end tests
 * in Debian's Chromium (Playwright), ending with one line that sums them: `N passed, N failed, N skipped`.
 * Postgres is TEST_DATABASE_URL when set, else an embedded server under `.data/test-postgres`.
 * `npm test -- unit|integration|e2e` runs one kind.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@ot/infra/db/database.ts';
import { testServer } from '@ot/infra/testing/test-database.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const only = process.argv[2];
/** `faults` (real processes killed and connections cut; `npm run test:faults`) runs only when asked for. */
const wanted = (kind: string) => (!only && kind !== 'faults') || only === kind;
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const ESC = String.fromCharCode(27);
const stripAnsi = (text: string) => text.replaceAll(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');

async function uvu(label: string, pattern: string, env: NodeJS.ProcessEnv): Promise<void> {
  console.log(`\n=== ${label} ===`);
  const ignore = ['-i', 'node_modules', '-i', '^pwa/(?!src(/|$))', '-i', '^e2e', '-i', '^\\.data', '-i', '^scripts'];
  const { code, output } = await run(
    process.execPath,
    ['--import', 'tsx', 'node_modules/uvu/bin.js', '.', pattern, ...ignore],
    env,
  );
  const text = stripAnsi(output);
  const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? Number.NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? Number.NaN);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(text)?.[1] ?? 0);
  if (Number.isNaN(total) || Number.isNaN(passed)) {
    console.error(`${label}: the test run crashed before reporting (exit ${code})`);
    totals.failed += 1;
    return;
  }
  totals.passed += passed;
  totals.failed += total - passed + (code !== 0 && total === passed ? 1 : 0);
  totals.skipped += skipped;
}

async function playwright(env: NodeJS.ProcessEnv): Promise<void> {
  console.log('\n=== end-to-end (Playwright, Chromium) ===');
  const report = join(repoRoot, 'test-results', 'e2e-report.json');
  rmSync(report, { force: true });
  const { code } = await run(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'],
    { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  );
  if (!existsSync(report)) {
    console.error(`end-to-end: Playwright crashed before reporting (exit ${code})`);
    totals.failed += 1;
    return;
  }
  const stats = (JSON.parse(readFileSync(report, 'utf8')) as { stats: Record<string, number> }).stats;
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
  if (code !== 0 && !stats.unexpected) totals.failed += 1;
}

const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', FORCE_COLOR: '0' };
let stopDatabase = async () => {};
try {
  if (wanted('unit')) await uvu('unit', '(?<!\\.int)\\.test\\.ts$', env);
  if (wanted('integration') || wanted('e2e') || wanted('faults')) {
    stopDatabase = (await testServer(env)).stop;
  }
  if (wanted('integration')) await uvu('integration (real Postgres)', '\\.int\\.test\\.ts$', env);
  if (wanted('e2e')) await playwright(env);
  if (wanted('faults')) await uvu('faults (real processes, real Postgres)', '\\.fault\\.ts$', env);
} finally {
  await stopDatabase();
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
