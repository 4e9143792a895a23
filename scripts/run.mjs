/**
 * The operator commands (`npm run projections:rebuild`, `projections:verify`, `audit:verify`, `admin`):
 *   node scripts/run.mjs <entry of server-entries.json> [arguments...]
 * runs the entry's compiled bundle (dist/server/<entry>.js) with plain node when the server build is
 * current, as `npm start` runs the services: it starts in a fraction of the time the TypeScript sources
 * take through tsx, and it is what a production install (no tsx, no sources) runs as
 * `node dist/server/<entry>.js`. When the build is missing or older than the sources, the sources run
 * through tsx instead: a command never rebuilds dist/server under an app that may be running from it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { entriesFile, repoRoot, serverBuildIsStale, serverDir } from './build-server.mjs';

const entries = JSON.parse(readFileSync(entriesFile, 'utf8'));
const [entry, ...args] = process.argv.slice(2);
const source = entries[entry ?? ''];
if (!source) {
  console.error(`Usage: node scripts/run.mjs <${Object.keys(entries).join('|')}> [arguments...]`);
  process.exit(2);
}
const bundle = join(serverDir, `${entry}.js`);

// Stale also when an entry's bundle is missing.
if (!serverBuildIsStale()) {
  // The command sees its own arguments where it would under `node dist/server/<entry>.js`.
  process.argv.splice(1, 2, bundle);
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
} else {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, source), ...args], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
