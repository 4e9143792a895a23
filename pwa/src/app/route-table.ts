/**
 * Every page of the app, declared once: its paths, who may see it, where its code lives and what a visit
 * that starts on it asks for. Plain data, so that besides the router (router.tsx) and the start-up
 * (route-start.ts), the build's chunking (vite.config.ts) and the gateway's preload links
 * (infra/src/gateway/preload-links.ts) read it too.
 */

/** Who may see a page (the components in guards.tsx); the server checks every request again. */
export type Guard = 'guest' | 'customer' | 'signed-in' | 'staff' | 'admin';

export interface PageRoute {
  paths: readonly string[];
  guard: Guard;
  /** Where a signed-out visitor is sent from a staff or admin page (default /admin, the staff login). */
  signedOutTo?: string;
  /**
   * The page's module, as the build's manifest names it (relative to pwa/); pages.tsx imports this same
   * file lazily under the route's name. Absent: the page is part of the entry (the landing page).
   */
  module?: string;
  /**
   * What a visit that starts on the page asks for beside the session check. 'customer': the page's code
   * and data, which the first render waits for (the page is prerendered, so it shows no spinner between);
   * its code is built with the customer's other first-visit code. 'staff': its code, so the page renders as
   * soon as its guard lets it.
   */
  start?: 'customer' | 'staff';
  /** The GETs a signed-in visit starting here makes at once (`:name` from the path), which the gateway preloads. */
  data?: readonly string[];
}

export const routes = {
  landing: { paths: ['/', '/track'], guard: 'guest' },
  staffLogin: {
    paths: ['/admin', '/admin/login'],
    guard: 'guest',
    module: 'src/features/auth/components/staff-login-page.tsx',
    start: 'staff',
  },
  customerDashboard: {
    paths: ['/dashboard'],
    guard: 'customer',
    module: 'src/app/routes/customer-dashboard-route.tsx',
    start: 'customer',
    data: ['/api/auth/me', '/api/customer/orders', '/api/config'],
  },
  orderDetail: {
    paths: ['/orders/:orderNumber'],
    guard: 'signed-in',
    module: 'src/app/routes/order-detail-route.tsx',
    start: 'customer',
    data: [
      '/api/auth/me',
      '/api/orders/:orderNumber',
      '/api/orders/:orderNumber/items',
      '/api/orders/:orderNumber/timeline',
      '/api/config',
    ],
  },
  adminDashboard: {
    paths: ['/admin/dashboard'],
    guard: 'staff',
    signedOutTo: '/',
    module: 'src/app/routes/admin-dashboard-route.tsx',
    start: 'staff',
  },
  orderHistory: {
    paths: ['/admin/orders/:orderNumber/history'],
    guard: 'staff',
    module: 'src/features/audit/components/order-history-page.tsx',
    start: 'staff',
  },
  audit: {
    paths: ['/admin/audit'],
    guard: 'staff',
    module: 'src/features/audit/components/audit-page.tsx',
    start: 'staff',
  },
  placeOrder: {
    paths: ['/admin/add-order'],
    guard: 'admin',
    module: 'src/features/admin-orders/components/place-order/place-order-page.tsx',
    start: 'staff',
  },
  editOrder: {
    paths: ['/admin/edit-order/:orderNumber'],
    guard: 'admin',
    module: 'src/features/admin-orders/components/edit-order/edit-order-page.tsx',
    start: 'staff',
  },
  importPage: {
    paths: ['/admin/import'],
    guard: 'admin',
    module: 'src/features/import/import-page.tsx',
    start: 'staff',
  },
  emailLogs: {
    paths: ['/admin/email-logs'],
    guard: 'staff',
    module: 'src/features/email-logs/email-logs-page.tsx',
    start: 'staff',
  },
  customers: {
    paths: ['/admin/customers'],
    guard: 'staff',
    module: 'src/app/routes/customers-route.tsx',
    start: 'staff',
  },
  insights: {
    paths: ['/admin/insights'],
    guard: 'staff',
    module: 'src/features/insights/components/insights-page.tsx',
    start: 'staff',
  },
} as const satisfies Record<string, PageRoute>;

export type RouteName = keyof typeof routes;
export type LazyRouteName = { [N in RouteName]: (typeof routes)[N] extends { module: string } ? N : never }[RouteName];
export type CustomerStartRoute = {
  [N in RouteName]: (typeof routes)[N] extends { start: 'customer' } ? N : never;
}[RouteName];

/**
 * What a customer's page loads before its own code, in this order (route-start.ts imports them in steps):
 * zod, the views' schemas, the pages' queries, and what the session, the settings and the offline cache are
 * parsed with. The build keeps the queries with the customer pages' code; the gateway preloads them all.
 */
export const customerQueriesModule = 'src/features/orders/api/order-queries.ts';
export const customerFirstRender = [
  'src/lib/zod-loaded.ts',
  '../contracts/src/orders/order-views.ts',
  customerQueriesModule,
  '../contracts/src/auth/auth-schemas.ts',
  '../contracts/src/config/app-config.ts',
  'src/lib/persisted-customer-schemas.ts',
];

/** The route a path opens and its raw parameters: `:name` is one segment, a trailing slash and any case match, as in react-router. */
export function matchRoute(pathname: string): { name: RouteName; params: Record<string, string> } | null {
  for (const [name, route] of Object.entries(routes) as [RouteName, PageRoute][]) {
    for (const path of route.paths) {
      const names: string[] = [];
      const pattern = path.replace(/:(\w+)/g, (_, param: string) => {
        names.push(param);
        return '([^/]+)';
      });
      const match = new RegExp(`^${pattern === '/' ? '' : pattern}/?$`, 'i').exec(pathname);
      if (match) return { name, params: Object.fromEntries(names.map((param, i) => [param, match[i + 1] ?? ''])) };
    }
  }
  return null;
}
