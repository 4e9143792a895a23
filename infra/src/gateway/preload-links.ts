import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `Link: rel=modulepreload` for the lazy chunks of the pages a visit often starts on (issues 14 and 18):
 * without it the browser learns of a page's chunk only after main JS has run, so it waits main JS ->
 * chunk -> data. With it, the chunk arrives beside main JS. The chunk names come from the build's Vite
 * manifest (pwa/dist/.vite/manifest.json); the entry's own static imports are left out (index.html
 * already preloads them).
 */
const PAGE_MODULES: { pattern: RegExp; modules: string[] }[] = [
  {
    pattern: /^\/dashboard\/?$/,
    modules: ['src/features/orders/components/customer-dashboard-page.tsx', 'src/features/orders/api/order-queries.ts'],
  },
  {
    pattern: /^\/orders\/[^/]+\/?$/,
    modules: ['src/app/routes/order-detail-route.tsx', 'src/features/orders/api/order-queries.ts'],
  },
  { pattern: /^\/admin\/dashboard\/?$/, modules: ['src/app/routes/admin-dashboard-route.tsx'] },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Every file a module needs at once: its own chunk and its static imports, depth first. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>, seen = new Set<string>()): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into, seen);
}

/** The Link header per page, built once from the manifest; a missing or unreadable manifest gives none. */
export function preloadLinks(staticDir: string): (pathname: string) => string | undefined {
  const path = join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return () => undefined;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return () => undefined;
  }
  const entryFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticClosure(manifest, key, entryFiles);
  const headers = PAGE_MODULES.map(({ pattern, modules }) => {
    const files = new Set<string>();
    for (const module of modules) staticClosure(manifest, module, files);
    const links = [...files]
      .filter((file) => !entryFiles.has(file) && file.endsWith('.js'))
      .map((file) => `</${file}>; rel=modulepreload`);
    return { pattern, header: links.length > 0 ? links.join(', ') : undefined };
  });
  return (pathname) => headers.find(({ pattern }) => pattern.test(pathname))?.header;
}
