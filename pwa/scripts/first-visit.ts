import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export const pwaDist = join(import.meta.dirname, '..', 'dist');

/**
 * The JavaScript a customer's first visit loads, from a built app's Vite manifest: the entry chunk and
 * everything it imports statically (lazy routes are not part of it), each file's gzipped size, and the
 * source modules among them.
 */
export function firstVisitJs(dist = pwaDist): {
  files: { file: string; gzip: number }[];
  total: number;
  sources: string[];
} {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const files = [...keys]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => file?.endsWith('.js') === true)
    .map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
  const sources = [...keys].flatMap((key) => manifest[key]?.src ?? []);
  return { files, total: files.reduce((sum, { gzip }) => sum + gzip, 0), sources };
}
