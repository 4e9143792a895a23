/**
 * After `vite build`: the gzipped size of the JavaScript a customer's first visit loads (the entry
 * chunk and everything it imports statically; lazy routes are not part of it), and a check that none
 * of it is admin code.
 */
import { firstVisitJs } from './first-visit.ts';

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const { files, total, sources } = firstVisitJs();
const adminModules = sources.filter((src) => /admin|email-logs|import/.test(src));

console.log("\nJavaScript a customer's first visit loads (gzip):");
console.log(files.map(({ file, gzip }) => `  ${file.padEnd(48)} ${kB(gzip).padStart(10)}`).join('\n'));
console.log(`  ${'total'.padEnd(48)} ${kB(total).padStart(10)}`);
if (adminModules.length > 0) {
  console.error(`Admin code in the first visit: ${adminModules.join(', ')}`);
  process.exit(1);
}
console.log('  (no admin code: admin screens are lazy-loaded)\n');
