import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  customerFirstRender,
  matchRoute,
  type PageRoute,
  type RouteName,
  routes,
} from '@ot/pwa/src/app/route-table.ts';

/**
 * `Link: rel=modulepreload` for the lazy chunks of the page a visit starts on, as the PWA's route table
 * names them: without it the browser learns of a page's chunk only after the entry has run, so it waits
 * entry -> chunk -> data; with it, the chunk arrives beside the entry. A customer's page also gets what it
 * imports on the way to its first render, which would otherwise be found one round trip after another.
 * The chunk files come from the build's Vite manifest (pwa/dist/.vite/manifest.json); the entry's own
 * static imports are left out (index.html already lists them). At low priority: the prerendered page
 * paints without them, and the page's data (preloaded at high priority) goes first.
 */
/** The modules whose chunks a page's Link header lists. */
const pageModules = (route: PageRoute): string[] => {
  if (!route.module) return [];
  return route.start === 'customer' ? [route.module, ...customerFirstRender] : [route.module];
};

/**
 * The GETs a customer's page makes at start (its route's `data`: the session check, the page's queries and
 * the settings), asked for with the page when it comes with a session cookie: they are on their way before
 * the app has loaded. Each is the app's own request exactly (same URL, `credentials: 'include'`), so the
 * app's fetch takes the preloaded answer instead of asking again. Read-your-writes is untouched: a page
 * load starts with no position to wait for.
 */
const dataLinks = (paths: string[]) =>
  paths.map((path) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`);

/** The route's data, its `:name`s filled from the path, or none when the path cannot be decoded (the app then shows its own answer). */
function dataFor(route: PageRoute, params: Record<string, string>): string[] {
  try {
    const value = (name: string) => encodeURIComponent(decodeURIComponent(params[name] ?? ''));
    return dataLinks((route.data ?? []).map((path) => path.replace(/:(\w+)/g, (_, name: string) => value(name))));
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
  const chunksOf = (route: PageRoute): string[] => {
    const files = new Set<string>();
    for (const module of pageModules(route)) staticClosure(manifest, module, files);
    return [...files]
      .filter((file) => !entryFiles.has(file) && file.endsWith('.js'))
      .map((file) => `</${file}>; rel=modulepreload; fetchpriority=low`);
  };
  const chunks = new Map(
    Object.entries(routes as Record<RouteName, PageRoute>).map(([name, route]) => [name, chunksOf(route)]),
  );
  return (pathname, signedIn = false) => {
    const matched = matchRoute(pathname);
    if (!matched) return undefined;
    const route: PageRoute = routes[matched.name];
    const links = [...(signedIn ? dataFor(route, matched.params) : []), ...(chunks.get(matched.name) ?? [])];
    return links.length > 0 ? links.join(', ') : undefined;
  };
}
