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

preloadPageCode(window.location.pathname);
// The data kept on this device first (a few ms of IndexedDB), so an offline start shows it at once.
await restoreCache(queryClient);
const customerPage = preloadPageData(window.location.pathname, queryClient);
// A customer's page is on screen as index.html prerendered it (the dashboard as it shows while its orders
// load): the app renders over it once it knows who is signed in and has the page's code and first data
// (route-start.ts), not first with a spinner or skeleton in between. A check that fails leaves the query
// without data, so the app asks again as it always has; a chunk that fails to load is the lazy page's to report.
if (customerPage) {
  const session = checkSessionEarly(queryClient);
  await Promise.race([
    Promise.allSettled([session, customerPage]),
    new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS)),
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
