import { onlineManager } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { preloadPageCode, preloadPageData } from './app/route-start.ts';
import { AppRoutes } from './app/router.tsx';
import { checkSessionEarly } from './features/auth/api/auth-api.ts';
import { markFirstRender } from './lib/after-first-render.ts';
import { restoreCache } from './lib/persisted-cache.ts';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** How long a customer's prerendered page waits for the session check, its code and data before the app renders. */
const SESSION_WAIT_MS = 3_000;
/**
 * How long the start waits for the data kept on this device: IndexedDB can hang (WebKit now and then), and
 * the app must start anyway; what comes later still fills in (older data never replaces newer).
 */
const RESTORE_WAIT_MS = 2_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

preloadPageCode(window.location.pathname);
// The data kept on this device first (a few ms of IndexedDB), so an offline start shows it at once.
await Promise.race([restoreCache(queryClient), delay(RESTORE_WAIT_MS)]);
const customerPage = preloadPageData(window.location.pathname, queryClient);
// A customer's page is on screen as index.html prerendered it (the dashboard as it shows while its orders
// load): the app renders over it once it knows who is signed in and has the page's code and first data
// (route-start.ts), not first with a spinner or skeleton in between. A check that fails leaves the query
// without data, so the app asks again as it always has; a chunk that fails to load is the lazy page's to report.
// A request that gets no answer makes the app offline (lib/reachability.ts): the wait ends then too, and the
// page shows what this device keeps instead of waiting for a server it cannot reach.
if (customerPage) {
  const session = checkSessionEarly(queryClient);
  await Promise.race([
    Promise.allSettled([session, customerPage]),
    delay(SESSION_WAIT_MS),
    new Promise<void>((resolve) => {
      if (!onlineManager.isOnline()) resolve();
      onlineManager.subscribe((online) => online || resolve());
    }),
  ]);
}

/** Marks the app's first render as painted (lib/after-first-render.ts). */
function FirstRenderMark() {
  useEffect(markFirstRender, []);
  return null;
}

// A transition: React renders in slices of a few ms and lets the browser in between (a phone's main thread
// is never blocked for long), and the prerendered page stays until the render is committed.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Providers>
          <AppRoutes />
          <FirstRenderMark />
        </Providers>
      </BrowserRouter>
    </StrictMode>,
  );
});
