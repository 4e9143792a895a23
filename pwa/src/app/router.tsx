import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, useState } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { checkSessionEarly } from '../features/auth/api/auth-api.ts';
import { LandingPage } from '../features/auth/components/landing-page.tsx';
import { configQuery } from '../features/config/api/get-config.ts';
import { importInSteps, importOrderViews, importZod } from '../lib/import-in-steps.ts';
import { sessionQueryKey } from '../lib/query-client.ts';
import { AdminOnly, CustomerOnly, GuestOnly, landingPaths, SignedIn, StaffOnly, staffLoginPaths } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { DashboardPushPanel } from './routes/push-controls.tsx';

// Everything but the landing page is split off; admin screens are never part of a customer's first load.
const NotFoundPage = lazy(() => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

/**
 * A lazy page whose code, once here, renders at once: a customer's page asks for its code at start
 * (main.tsx waits for it), so the first render shows the page, not a spinner for a chunk already loaded.
 * Which of the two a mounted page uses never changes, so it is never mounted twice.
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

const staffLogin = lazyPage(
  () => import('../features/auth/components/staff-login-page.tsx'),
  (m) => m.StaffLoginPage,
);
const StaffLoginPage = staffLogin.Page;
const customerDashboard = lazyPage(
  () => import('../features/orders/components/customer-dashboard-page.tsx'),
  (m) => m.CustomerDashboardPage,
);
const CustomerDashboardPage = customerDashboard.Page;
const orderDetail = lazyPage(
  () => import('./routes/order-detail-route.tsx'),
  (m) => m.OrderDetailRoute,
);
const OrderDetailPage = orderDetail.Page;

/**
 * A customer's pages ask for their code and data on start, beside the session check, instead of after
 * it (issue 14: one round trip and one chunk less before the page shows). A reader who turns out not to
 * be signed in gets a 401 nobody shows, and the guard sends them to /. On such a page: its code, on an
 * order's page the order and its items, and on both the studio's settings, when this device has none kept
 * and is online (the gateway preloads them with the page, so they are usually here): main.tsx waits
 * (bounded) for them, so the app's first render shows the items (the page's largest text, its LCP), not a
 * spinner first and the items a commit later.
 */
export function preloadCustomerPage(pathname: string, queryClient: QueryClient): Promise<unknown> | null {
  // Data already kept shows at once (and refreshes after); offline, a fetch would only wait for the network.
  const firstView = (query: { queryKey: readonly unknown[] }, prefetch: Promise<void>) =>
    queryClient.getQueryData(query.queryKey) === undefined && navigator.onLine !== false ? prefetch : null;
  // The studio's name, which the header and footer show: in the first render, rather than the lines growing a
  // commit later (the gateway preloads it with the page).
  const settings = () => firstView(configQuery, queryClient.prefetchQuery(configQuery));
  // zod, the contracts' schemas, the queries, then the page's code, each evaluated in a task of its own.
  const loadQueries = () =>
    importInSteps([importZod, importOrderViews], () => import('../features/orders/api/order-queries.ts'));
  const pageAfter = (queries: Promise<unknown>, load: () => Promise<unknown>) => importInSteps([() => queries], load);
  if (matchPath('/dashboard', pathname)) {
    const queries = loadQueries();
    // Waited for like the order page's data: one commit with the cards, rather than the skeleton's commit
    // and the cards' after it (bench:web, 5 runs each at 4x: blocking time 25-68 ms against 121-351, and
    // the page complete 100-200 ms sooner).
    const orders = queries.then((m) => {
      const query = m.customerOrdersQuery();
      return firstView(query, queryClient.prefetchQuery(query));
    });
    return Promise.all([pageAfter(queries, customerDashboard.load), orders, settings()]);
  }
  const orderNumber = matchPath('/orders/:orderNumber', pathname)?.params.orderNumber;
  if (orderNumber) {
    // The order, its items and its timeline: the page asks for each once the one before it is there.
    const queries = loadQueries();
    const data = queries.then((m) => {
      const order = m.orderQuery(orderNumber);
      const items = m.orderItemsQuery(orderNumber);
      const shown = [
        firstView(order, queryClient.prefetchQuery(order)),
        firstView(items, queryClient.prefetchQuery(items)),
      ];
      void queryClient.prefetchQuery(m.orderTimelineQuery(orderNumber));
      return Promise.all(shown);
    });
    return Promise.all([pageAfter(queries, orderDetail.load), data, settings()]);
  }
  return null;
}
const adminDashboard = lazyPage(
  () => import('./routes/admin-dashboard-route.tsx'),
  (m) => m.AdminDashboardRoute,
);
const AdminDashboardPage = adminDashboard.Page;

/**
 * The admin dashboard asks for its code at start, and for the first page of its list as soon as the
 * session says staff (issue 18: the first row within 1.5 s). Left to the page, the list was asked for
 * only once the session was known, the lazy page's code had come, and React had shown it (React holds a
 * page that suspended back some 300 ms, so that pages do not pop in one by one): ~1.1 s after the
 * navigation on a 2-core box, half of it waiting. Now the page renders at once when the guard lets it,
 * with its rows on their way or already here.
 */
export function preloadAdminDashboard(pathname: string, queryClient: QueryClient): void {
  if (!matchPath('/admin/dashboard', pathname)) return;
  // A chunk that fails to load is the lazy page's to report; a list that fails, the page's (it asks again).
  void Promise.all([adminDashboard.load(), checkSessionEarly(queryClient)]).then(
    ([module]) => {
      const user = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
      if (user && user.role !== 'customer' && navigator.onLine !== false)
        void module.prefetchAdminDashboard(queryClient);
    },
    () => {},
  );
}
const placeOrder = lazyPage(
  () => import('../features/admin-orders/components/place-order/place-order-page.tsx'),
  (m) => m.PlaceOrderPage,
);
const editOrder = lazyPage(
  () => import('../features/admin-orders/components/edit-order/edit-order-page.tsx'),
  (m) => m.EditOrderPage,
);
const importPage = lazyPage(
  () => import('../features/import/import-page.tsx'),
  (m) => m.ImportPage,
);
const orderHistory = lazyPage(
  () => import('../features/audit/components/order-history-page.tsx'),
  (m) => m.OrderHistoryPage,
);
const audit = lazyPage(
  () => import('../features/audit/components/audit-page.tsx'),
  (m) => m.AuditPage,
);
const emailLogs = lazyPage(
  () => import('../features/email-logs/email-logs-page.tsx'),
  (m) => m.EmailLogsPage,
);
const PlaceOrderPage = placeOrder.Page;
const EditOrderPage = editOrder.Page;
const ImportPage = importPage.Page;
const OrderHistoryPage = orderHistory.Page;
const AuditPage = audit.Page;
const EmailLogsPage = emailLogs.Page;

/** The staff's pages by path (the admin dashboard has preloadAdminDashboard, which asks for its data too). */
const staffPages: readonly (readonly [path: string, page: { load: () => Promise<unknown> }])[] = [
  ...staffLoginPaths.map((path) => [path, staffLogin] as const),
  ['/admin/add-order', placeOrder],
  ['/admin/edit-order/:orderNumber', editOrder],
  ['/admin/import', importPage],
  ['/admin/orders/:orderNumber/history', orderHistory],
  ['/admin/audit', audit],
  ['/admin/email-logs', emailLogs],
];

/**
 * A staff page opened directly (a bookmark, a reload, a link in an email) asks for its code at start,
 * beside the session check: it then renders as soon as its guard lets it, instead of suspending first
 * and being held back by React for some 300 ms. A chunk that fails to load is the lazy page's to report.
 */
export function preloadStaffPage(pathname: string): void {
  for (const [path, page] of staffPages) if (matchPath(path, pathname)) void page.load().catch(() => {});
}

/** The signed-out pages: the landing page and the staff login, each under all of its paths. */
const guestRoutes = [
  ...landingPaths.map((path) => ({ path, Page: LandingPage })),
  ...staffLoginPaths.map((path) => ({ path, Page: StaffLoginPage })),
];

/**
 * The route table, in react-router's declarative mode (`<BrowserRouter>` in main.tsx): the app uses no
 * loaders or actions, and the data router would add ~17 kB gzip to every first visit.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {guestRoutes.map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <GuestOnly>
                <Page />
              </GuestOnly>
            }
          />
        ))}
        <Route
          path="/dashboard"
          element={
            <CustomerOnly>
              <CustomerDashboardPage />
              <DashboardPushPanel />
            </CustomerOnly>
          }
        />
        <Route
          path="/orders/:orderNumber"
          element={
            <SignedIn>
              <OrderDetailPage />
            </SignedIn>
          }
        />
        <Route
          path="/admin/dashboard"
          element={
            <StaffOnly signedOutTo="/">
              <AdminDashboardPage />
            </StaffOnly>
          }
        />
        <Route
          path="/admin/orders/:orderNumber/history"
          element={
            <StaffOnly>
              <OrderHistoryPage />
            </StaffOnly>
          }
        />
        <Route
          path="/admin/audit"
          element={
            <StaffOnly>
              <AuditPage />
            </StaffOnly>
          }
        />
        <Route
          path="/admin/add-order"
          element={
            <AdminOnly>
              <PlaceOrderPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/edit-order/:orderNumber"
          element={
            <AdminOnly>
              <EditOrderPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/import"
          element={
            <AdminOnly>
              <ImportPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/email-logs"
          element={
            <StaffOnly>
              <EmailLogsPage />
            </StaffOnly>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
