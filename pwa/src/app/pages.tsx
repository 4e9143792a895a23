import { type ComponentType, lazy, useState } from 'react';
import { LandingPage } from '../features/auth/components/landing-page.tsx';
import type { LazyRouteName, RouteName } from './route-table.ts';

export interface Page {
  Page: ComponentType;
  /** Asks for the page's code (once); the module it gives. */
  load?: () => Promise<unknown>;
}

/**
 * A lazy page whose code, once here, renders at once: a page whose code was asked for at start
 * (route-start.ts) shows on the first render, not a spinner for a chunk already loaded. Which of the two a
 * mounted page uses never changes, so it is never mounted twice.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = pick(module);
      return module;
    });
  const Lazy = lazy(() => loadAndKeep().then((module) => ({ default: pick(module) })));
  function Page() {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, load: loadAndKeep };
}

/** Each lazy page's code, imported from the file its route names (route-table.test.ts checks they agree). */
const lazyPages = {
  staffLogin: lazyPage(
    () => import('../features/auth/components/staff-login-page.tsx'),
    (m) => m.StaffLoginPage,
  ),
  customerDashboard: lazyPage(
    () => import('./routes/customer-dashboard-route.tsx'),
    (m) => m.CustomerDashboardRoute,
  ),
  orderDetail: lazyPage(
    () => import('./routes/order-detail-route.tsx'),
    (m) => m.OrderDetailRoute,
  ),
  adminDashboard: lazyPage(
    () => import('./routes/admin-dashboard-route.tsx'),
    (m) => m.AdminDashboardRoute,
  ),
  orderHistory: lazyPage(
    () => import('../features/audit/components/order-history-page.tsx'),
    (m) => m.OrderHistoryPage,
  ),
  audit: lazyPage(
    () => import('../features/audit/components/audit-page.tsx'),
    (m) => m.AuditPage,
  ),
  placeOrder: lazyPage(
    () => import('../features/admin-orders/components/place-order/place-order-page.tsx'),
    (m) => m.PlaceOrderPage,
  ),
  editOrder: lazyPage(
    () => import('../features/admin-orders/components/edit-order/edit-order-page.tsx'),
    (m) => m.EditOrderPage,
  ),
  importPage: lazyPage(
    () => import('../features/import/import-page.tsx'),
    (m) => m.ImportPage,
  ),
  emailLogs: lazyPage(
    () => import('../features/email-logs/email-logs-page.tsx'),
    (m) => m.EmailLogsPage,
  ),
  customers: lazyPage(
    () => import('./routes/customers-route.tsx'),
    (m) => m.CustomersRoute,
  ),
  insights: lazyPage(
    () => import('../features/insights/components/insights-page.tsx'),
    (m) => m.InsightsPage,
  ),
} satisfies Record<LazyRouteName, Page>;

/** Every route's page: the landing page is in the entry (it is what most first visits show), the rest lazy. */
export const pages = { landing: { Page: LandingPage }, ...lazyPages } satisfies Record<RouteName, Page>;

/** The admin dashboard's module gives the first page of its list to ask for at start. */
export const loadAdminDashboard = lazyPages.adminDashboard.load;
