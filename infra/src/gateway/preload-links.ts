import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a customer's page imports on the way to its first render besides its own code (pwa/src/main.tsx,
 * router.tsx's preloadCustomerPage): zod and the views' schemas, the queries, the schemas the session
 * and the studio's settings are parsed with, and those the offline cache keeps its data with. Without
 * the header each is found only when the one before it has run: one round trip after another.
 */
const CUSTOMER_FIRST_RENDER = [
  'src/lib/zod-loaded.ts',
  '../contracts/src/orders/order-views.ts',
  'src/features/orders/api/order-queries.ts',
  '../contracts/src/auth/auth-schemas.ts',
  '../contracts/src/config/app-config.ts',
  'src/lib/persisted-customer-schemas.ts',
];

/**
 * `Link: rel=modulepreload` for the lazy chunks of the pages a visit often starts on:
 * without it the browser learns of a page's chunk only after main JS has run, so it waits main JS ->
 * chunk -> data. With it, the chunk arrives beside main JS. The chunk names come from the build's Vite
 * manifest (pwa/dist/.vite/manifest.json); the entry's own static imports are left out (index.html
 * already lists them). At low priority: the prerendered page paints without them, and the page's data
 * (preloaded at high priority) goes first.
 */
const PAGE_MODULES: { pattern: RegExp; modules: string[]; data?: (match: RegExpExecArray) => string[] }[] = [
  {
    pattern: /^\/dashboard\/?$/,
    modules: ['src/features/orders/components/customer-dashboard-page.tsx', ...CUSTOMER_FIRST_RENDER],
    data: () => ['/api/auth/me', '/api/customer/orders', '/api/config'],
  },
  {
    pattern: /^\/orders\/([^/]+)\/?$/,
    modules: ['src/app/routes/order-detail-route.tsx', ...CUSTOMER_FIRST_RENDER],
    data: (match) => {
      const order = `/api/orders/${encodeURIComponent(decodeURIComponent(match[1] ?? ''))}`;
      return ['/api/auth/me', order, `${order}/items`, `${order}/timeline`, '/api/config'];
    },
  },
  { pattern: /^\/admin\/dashboard\/?$/, modules: ['src/app/routes/admin-dashboard-route.tsx'] },
];

/**
 * The GETs a customer's page makes at start (pwa/src/app/router.tsx, preloadCustomerPage, and the session
 * check), asked for with the page when it comes with a session cookie: they are on their way before the
 * app has loaded. Each is the app's own request exactly (same URL, `credentials: 'include'`), so the
 * app's fetch takes the preloaded answer instead of asking again. Read-your-writes is untouched: a page
 * load starts with no position to wait for.
 */
const dataLinks = (paths: string[]) =>
  paths.map((path) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`);

/** The page's data, or none when its path cannot be decoded (the app then shows its own answer). */
function dataFor(page: (typeof PAGE_MODULES)[number], match: RegExpExecArray): string[] {
  try {
    return page.data ? dataLinks(page.data(match)) : [];
  } catch {
    return [];
  }
}

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

/**
 * The Link header per page, its chunks built once from the manifest (a missing or unreadable manifest gives
 * none); `signedIn` (a session cookie came with the request) adds the page's data, first.
 */
export function preloadLinks(staticDir: string): (pathname: string, signedIn?: boolean) => string | undefined {
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
  const pages = PAGE_MODULES.map((page) => {
    const files = new Set<string>();
    for (const module of page.modules) staticClosure(manifest, module, files);
    const chunks = [...files]
      .filter((file) => !entryFiles.has(file) && file.endsWith('.js'))
      .map((file) => `</${file}>; rel=modulepreload; fetchpriority=low`);
    return { page, chunks };
  });
  return (pathname, signedIn = false) => {
    for (const { page, chunks } of pages) {
      const match = page.pattern.exec(pathname);
      if (!match) continue;
      const links = [...(signedIn ? dataFor(page, match) : []), ...chunks];
      return links.length > 0 ? links.join(', ') : undefined;
    }
    return undefined;
  };
}
