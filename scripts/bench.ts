/**
 * `npm run bench`: speed and memory targets, measured here rather than in timed unit tests.
 * Runs every `*.bench.ts` under bench/ and the packages, each in its own process, against a real
 * Postgres (TEST_DATABASE_URL, else the embedded test server).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '@ot/infra/db/database.ts';
import { testServer } from '@ot/infra/testing/test-database.ts';

function find(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.') || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) find(path, found);
    else if (name.endsWith('.bench.ts')) found.push(path);
  }
  return found;
}

const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
const { stop } = await testServer(env);
let failed = 0;
for (const file of find(repoRoot).sort()) {
  console.log(`\n# ${relative(repoRoot, file)}`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', file], {
    cwd: repoRoot,
    env,
    stdio: 'inherit',
  });
  if (run.status !== 0) failed++;
}
await stop();
process.exit(failed ? 1 : 0);
