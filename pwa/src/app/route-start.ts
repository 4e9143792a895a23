import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { checkSessionEarly } from '../features/auth/api/auth-api.ts';
import { configQuery } from '../features/config/api/get-config.ts';
import { importInSteps, importOrderViews, importZod } from '../lib/import-in-steps.ts';
import { sessionQueryKey } from '../lib/query-client.ts';
import { loadAdminDashboard, pages } from './pages.tsx';
import { type CustomerStartRoute, matchRoute, type PageRoute, type RouteName, routes } from './route-table.ts';

type OrderQueries = typeof import('../features/orders/api/order-queries.ts');
/** Asks for a query; gives what the first render waits for: nothing when this device keeps its data. */
type Ask = <Data, Error, Selected, Key extends QueryKey>(
  query: FetchQueryOptions<Data, Error, Selected, Key>,
) => Promise<void> | null;

/** A parameter as react-router gives it: decoded, or as written when it cannot be decoded. */
const decoded = (param: string | undefined) => {
  try {
    return decodeURIComponent(param ?? '');
  } catch {
    return param ?? '';
  }
};

/**
 * The data each customer page shows first, which the first render waits for; other queries are asked for
 * and not waited for. Keep these the GETs its route's `data` lists (the gateway preloads those).
 */
const customerData = {
  customerDashboard: (m, _params, ask) => [ask(m.customerOrdersQuery())],
  orderDetail: (m, params, ask) => {
    const orderNumber = decoded(params.orderNumber);
    void ask(m.orderTimelineQuery(orderNumber));
    return [ask(m.orderQuery(orderNumber)), ask(m.orderItemsQuery(orderNumber))];
  },
} satisfies Record<CustomerStartRoute, (m: OrderQueries, params: Record<string, string>, ask: Ask) => unknown[]>;

/**
 * A page opened directly (a bookmark, a reload, a link in an email) whose route starts as 'staff' asks for
 * its code at once, beside the session check: it renders as soon as its guard lets it instead of
 * suspending first and being held back by React. A chunk that fails to load is the lazy page's to report.
 */
export function preloadPageCode(pathname: string): void {
  const name = matchRoute(pathname)?.name;
  const route: PageRoute | undefined = name && routes[name];
  const page = name && pages[name];
  if (route?.start === 'staff' && page && 'load' in page) void page.load().catch(() => {});
}

/**
 * What a page opened directly asks for once the device's kept data is restored. A customer's page asks for
 * its code and data beside the session check instead of after it, and the promise returned is what the
 * first render waits for: a reader who turns out not to be signed in gets a 401 nobody shows, and the guard
 * sends them to /. The admin dashboard asks for its first page of orders as soon as the session says staff.
 */
export function preloadPageData(pathname: string, queryClient: QueryClient): Promise<unknown> | null {
  const matched = matchRoute(pathname);
  const name = matched?.name;
  if (name === 'adminDashboard') preloadAdminDashboard(queryClient);
  return matched && name && isCustomerStart(name) ? preloadCustomerPage(name, matched.params, queryClient) : null;
}

const isCustomerStart = (name: RouteName): name is CustomerStartRoute => Object.hasOwn(customerData, name);

function preloadCustomerPage(
  name: CustomerStartRoute,
  params: Record<string, string>,
  queryClient: QueryClient,
): Promise<unknown> {
  // Data already kept shows at once (and refreshes after); offline, a fetch would only wait for the network.
  const ask: Ask = (query) => {
    const asked = queryClient.prefetchQuery(query);
    return queryClient.getQueryData(query.queryKey) === undefined && navigator.onLine !== false ? asked : null;
  };
  // zod, the contracts' schemas, the queries, then the page's code, each evaluated in a task of its own.
  const queries = importInSteps([importZod, importOrderViews], () => import('../features/orders/api/order-queries.ts'));
  const data = queries.then((m) => Promise.all(customerData[name](m, params, ask)));
  // The studio's name, which the header and footer show: in the first render, not a commit later.
  const page: () => Promise<unknown> = pages[name].load;
  return Promise.all([importInSteps([() => queries], page), data, ask(configQuery)]);
}

function preloadAdminDashboard(queryClient: QueryClient): void {
  // A chunk that fails to load is the lazy page's to report; a list that fails, the page's (it asks again).
  void Promise.all([loadAdminDashboard(), checkSessionEarly(queryClient)]).then(
    ([module]) => {
      const user = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
      if (user && user.role !== 'customer' && navigator.onLine !== false)
        void module.prefetchAdminDashboard(queryClient);
    },
    () => {},
  );
}
