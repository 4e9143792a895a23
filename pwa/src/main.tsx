import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadCustomerPage } from './app/router.tsx';
import { restoreCache } from './lib/persisted-cache.ts';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The data kept on this device first (a few ms of IndexedDB), so an offline start shows it at once.
await restoreCache(queryClient);
preloadCustomerPage(window.location.pathname, queryClient);

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
