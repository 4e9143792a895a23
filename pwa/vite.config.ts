import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { directIconImports } from './scripts/direct-icon-imports.ts';
import { customerQueriesModule, type PageRoute, routes } from './src/app/route-table.ts';

// `npm run dev` proxies /api to a running `npm start` (API_ORIGIN, default http://127.0.0.1:3000).
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

/**
 * index.html's #root starts with the app's first render (scripts/prerender.ts), so the first paint does
 * not wait for JavaScript. Before the service worker's precache is generated, which lists it.
 */
const prerender = (): Plugin => ({
  name: 'prerender-first-render',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => {
      const markup = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts'], {
        cwd: import.meta.dirname,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
      return html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
    },
  },
});

/**
 * The first paint needs no request but index.html: the stylesheet is inlined, and the app's
 * JavaScript (the entry and the modules it imports) is listed in inert `<link data-app-module>` elements
 * that index.html's inline script turns into modulepreloads, and imports the entry, once the prerendered
 * page has been painted. So the page shows after one round trip, and the app's download and start never
 * hold the first paint back (its controls wait, disabled, as they would for the download anyway).
 */
const paintBeforeApp = (): Plugin => ({
  name: 'paint-before-app',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) => {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
      const stylesheet = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;
      const entryFile = entry.exec(html)?.[1];
      const cssFile = stylesheet.exec(html)?.[1];
      const css = cssFile ? context.bundle?.[cssFile] : undefined;
      if (!entryFile || css?.type !== 'asset') throw new Error('index.html has no entry script or stylesheet');
      return html
        .replace(stylesheet, () => `<style>${String(css.source)}</style>`)
        .replace(entry, `<link data-app-entry href="${entryFile}">`)
        .replaceAll('<link rel="modulepreload" crossorigin href=', '<link data-app-module href=');
    },
  },
});

const firstLoadLibraries =
  /node_modules[\\/](react|react-dom|scheduler|react-router|valtio|proxy-compare|idb-keyval|@tanstack[\\/](query-core|react-query|query-async-storage-persister|query-persist-client-core|react-query-persist-client))[\\/]/;

const appEntry = join(import.meta.dirname, 'src', 'main.tsx');
/**
 * The pages a customer's first visit starts on ('customer' in the route table) and their queries, which
 * the start-up loads with their data. The dashboard's own code stays apart (its filter's select), since the
 * order page, the one most visits open from an email, needs none of it.
 */
const customerPages = [
  ...Object.values(routes as Record<string, PageRoute>).flatMap((route) =>
    route.start === 'customer' && route.module && route !== routes.customerDashboard ? [route.module] : [],
  ),
  customerQueriesModule,
].map((file) => join(import.meta.dirname, file));

/** Whether one of `roots` imports the module, directly or through others, without a dynamic import between. */
function reachedFrom(roots: readonly string[], id: string, ctx: ChunkingContext): boolean {
  const known = new Map<string, boolean>();
  const reachable = (moduleId: string, path: Set<string>): boolean => {
    const kept = known.get(moduleId);
    if (kept !== undefined) return kept;
    if (roots.includes(moduleId)) return true;
    const info = ctx.getModuleInfo(moduleId);
    if (!info) return false;
    path.add(moduleId);
    const found = info.importers.some((importer) => !path.has(importer) && reachable(importer, path));
    path.delete(moduleId);
    known.set(moduleId, found);
    return found;
  };
  return reachable(id, new Set());
}

/**
 * The app's own modules every visit starts with, as one file ('app'), and those of a customer's pages
 * (the order page and the pages' queries) as another ('customer'): the same code in two requests instead
 * of dozens of small chunks. Over HTTP/1.1 a phone opens a handful of connections per host, so each
 * small file costs it a round trip on slow 4G (Lighthouse's largest paint on a customer's page would wait on
 * them). The entry stays the entry chunk (index.html starts it); admin screens keep their own chunks.
 */
const firstLoadApp = (id: string, ctx: ChunkingContext) =>
  id !== appEntry && reachedFrom([appEntry], id, ctx) ? 'app' : null;
/**
 * A module of the customer's pages goes to `chunk`. Their own code is one chunk ('customer'); the contracts'
 * schemas they parse with another ('customer-views'): zod builds those as the module is evaluated (a long
 * task on a phone), so the app imports them as a step before the pages' code
 * (lib/import-in-steps.ts), each evaluated in a task of its own.
 */
const customerPage = (chunk: string) => (id: string, ctx: ChunkingContext) =>
  reachedFrom(customerPages, id, ctx) ? chunk : null;

export default defineConfig({
  plugins: [
    directIconImports(),
    react(),
    tailwindcss(),
    prerender(),
    paintBeforeApp(),
    VitePWA({
      // A new version waits for the user's Reload (app/layout/update-prompt.tsx), so it never replaces
      // the page while a change is being typed or waits in the outbox.
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Order Tracker',
        short_name: 'Orders',
        description: 'Track the status of your custom golf club orders in real-time.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#065f46',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every built asset, and index.html for any navigation (client-side routes).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // The first visit's page is controlled at once, so the app works offline from then on.
        clientsClaim: true,
        // Push messages and a tap on their notification (public/push-sw.js).
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser that runs es2022 knows modulepreload: no polyfill in the first visit's JavaScript. A lazy
    // import still preloads its chunk's imports (Vite's helper): without it an admin page's chunks arrived one
    // level after another (four or five round trips), which cost more than the helper's work.
    modulePreload: { polyfill: false },
    // The libraries every page starts with, as one file: a dozen small ones gzip worse.
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: firstLoadLibraries },
            { name: firstLoadApp },
            // The libraries only these pages use keep their chunks: others (the lazy toaster and menus) share them.
            {
              name: customerPage('customer-views'),
              test: /[\\/]contracts[\\/]src[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: customerPage('customer'),
              test: /[\\/]pwa[\\/]src[\\/]|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              includeDependenciesRecursively: false,
            },
            // The other pages' icons, imported one file each (scripts/direct-icon-imports.ts): one file, not dozens.
            { name: 'icons', test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': apiOrigin } },
});
