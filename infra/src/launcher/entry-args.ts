import { join } from 'node:path';
import { repoRoot } from '../repo-root.ts';
import serverEntries from './server-entries.json' with { type: 'json' };

export type Entry = keyof typeof serverEntries;

/** Whether this process runs from the bundles in dist/server (else from the TypeScript sources, through tsx). */
export const runsCompiled = (moduleUrl: string): boolean => !moduleUrl.endsWith('.ts');

/** node's arguments to run one entry of server-entries.json: its bundle when compiled, else its source through tsx. */
export const nodeArgs = (entry: Entry, compiled: boolean): string[] =>
  compiled
    ? ['--enable-source-maps', join(repoRoot, 'dist', 'server', `${entry}.js`)]
    : ['--import', 'tsx', join(repoRoot, serverEntries[entry])];
