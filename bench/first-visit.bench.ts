import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { repoRoot } from '@ot/infra/repo-root.ts';
import { firstVisitJs, pwaDist } from '../pwa/scripts/first-visit.ts';
import { finish, report } from './support/table.ts';

/**
 * A customer's first visit: the JavaScript it loads, gzipped, against the budget; and whether the
 * build ships precompressed copies for the gateway to send. Builds the app when pwa/dist is missing.
 */
const BUDGET_KB = 110;
if (!existsSync(join(pwaDist, '.vite', 'manifest.json'))) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@ot/pwa'], { cwd: repoRoot, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build -w @ot/pwa failed');
}
const { files, total } = firstVisitJs();
const kb = Math.round((total / 1024) * 10) / 10;
const brotli = files.reduce((sum, { file }) => sum + brotliCompressSync(readFileSync(join(pwaDist, file))).length, 0);
// Files under 512 bytes are not worth a compressed copy (pwa/scripts/precompress.ts).
const precompressed = files.every(
  ({ file }) => existsSync(join(pwaDist, `${file}.br`)) || statSync(join(pwaDist, file)).size < 512,
);
const rows = [
  {
    measure: 'first visit JS, gzip (kB)',
    ours: kb,
    peer: `${BUDGET_KB} (budget)`,
    ratio: (kb / BUDGET_KB).toFixed(2),
    target: `<= ${BUDGET_KB}`,
    ok: kb <= BUDGET_KB,
  },
  {
    measure: 'first visit JS, brotli (kB)',
    ours: Math.round((brotli / 1024) * 10) / 10,
    peer: '-',
    ratio: '-',
    target: 'served precompressed',
    ok: precompressed,
  },
];
report("a customer's first visit", rows);
await finish();
