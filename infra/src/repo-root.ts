import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root: the nearest folder above this module that holds the migrations. Found by
 * looking rather than by a fixed `../..`, because this module runs both from its source and from a
 * bundle in `dist/server/`.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'infra', 'src', 'migrations'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root above ${from}`);
  }
}

export const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
/** Where `npm start` keeps its state: the embedded Postgres and its backups' scratch space. */
export const dataDir = join(repoRoot, '.data');
