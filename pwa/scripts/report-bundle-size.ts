/**
 * After `vite build`: the gzipped size of the JavaScript a customer's first visit loads (the entry
 * chunk and everything it imports statically; lazy routes are not part of it), and a check that none
 * of it is admin code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

const firstVisit = new Set<string>();
const visit = (key: string) => {
  if (firstVisit.has(key)) return;
  firstVisit.add(key);
  for (const next of manifest[key]?.imports ?? []) visit(next);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

let total = 0;
const lines: string[] = [];
for (const key of firstVisit) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  const size = gzipped(file);
  total += size;
  lines.push(`  ${file.padEnd(48)} ${kB(size).padStart(10)}`);
}
const adminModules = Object.entries(manifest)
  .filter(([key]) => firstVisit.has(key))
  .flatMap(([, chunk]) => chunk.src ?? [])
  .filter((src) => /admin|email-logs|import/.test(src));

console.log("\nJavaScript a customer's first visit loads (gzip):");
console.log(lines.join('\n'));
console.log(`  ${'total'.padEnd(48)} ${kB(total).padStart(10)}`);
if (adminModules.length > 0) {
  console.error(`Admin code in the first visit: ${adminModules.join(', ')}`);
  process.exit(1);
}
console.log('  (no admin code: admin screens are lazy-loaded)\n');
