import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrdersPage,
  type AdminOrderTab,
  adminOrdersPageSchema,
} from '@ot/contracts/orders/admin-order-list.ts';
import { customerSchema, nextOrderNumberSchema, orderViewSchema } from '@ot/contracts/orders/order-views.ts';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../lib/api-client.ts';

export const adminKeys = {
  all: ['admin'] as const,
  orders: () => [...adminKeys.all, 'orders'] as const,
  ordersPages: (filters: AdminOrdersFilters) => [...adminKeys.orders(), 'pages', filters] as const,
  order: (orderNumber: string) => [...adminKeys.all, 'order', orderNumber] as const,
  nextOrderNumber: () => [...adminKeys.all, 'next-order-number'] as const,
  customers: (search: string) => [...adminKeys.all, 'customers', search] as const,
};

export interface AdminOrdersFilters {
  tab: AdminOrderTab;
  search: string;
  /** An order status, or 'all'. */
  status: string;
}

/**
 * The dashboard's list: one tab, filtered and counted by the server, a page at a time (keyset cursor),
 * so the dashboard's cost does not grow with the studio's history. Refetched on window focus like the
 * unparameterised whole list; the previous answer stays on screen while a new search loads.
 */
export const adminOrdersPagesQuery = (filters: AdminOrdersFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.ordersPages(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ tab: filters.tab, limit: String(ADMIN_ORDERS_PAGE_SIZE) });
      if (filters.search.trim()) params.set('search', filters.search.trim());
      if (filters.status !== 'all') params.set('status', filters.status);
      if (pageParam) params.set('cursor', pageParam);
      return getJson(`/api/admin/orders?${params}`, adminOrdersPageSchema, signal);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a new search or status loads, the last answer of the same tab stays on screen (never another tab's rows).
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as AdminOrdersFilters | undefined)?.tab === filters.tab ? previous : undefined,
    staleTime: 0,
    refetchOnWindowFocus: true,
    // Asked for as the app started (app/route-start.ts, preloadPageData): not asked again as the page mounts
    // a moment later. A list made out of date by a write, or kept on the device, is (both are invalidated).
    refetchOnMount: (query) => query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS,
  });

/** A list answered this recently is not asked for again when the dashboard mounts. */
const JUST_FETCHED_MS = 2_000;

/**
 * Called when the dashboard leaves a list (another search, tab or status, or another screen): the list
 * keeps only its first page. Coming back shows that page at once and refetches one page, not every page
 * the admin had scrolled through (an infinite query refetches all the pages it holds); the offline cache
 * holds less too. A list still fetching is left as it is (its answer would put the pages back).
 */
export function keepFirstPageOnly(client: QueryClient, filters: AdminOrdersFilters): void {
  const queryKey = adminKeys.ordersPages(filters);
  if (client.getQueryState(queryKey)?.fetchStatus !== 'idle') return;
  client.setQueryData<InfiniteData<AdminOrdersPage, string>>(queryKey, (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}

/** The order as the edit form loads it (admins also get fitterNotes). */
export const adminOrderQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: adminKeys.order(orderNumber),
    queryFn: ({ signal }) => getJson(`/api/orders/${encodeURIComponent(orderNumber)}`, orderViewSchema, signal),
  });

export const nextOrderNumberQuery = () =>
  queryOptions({
    queryKey: adminKeys.nextOrderNumber(),
    queryFn: ({ signal }) => getJson('/api/admin/next-order-number', nextOrderNumberSchema, signal),
  });

/** Customer search starts past 1 character and shows at most 5 matches. */
export const CUSTOMER_SEARCH_MIN = 2;
export const CUSTOMER_SEARCH_LIMIT = 5;

export const customerSearchQuery = (search: string) =>
  queryOptions({
    queryKey: adminKeys.customers(search),
    queryFn: ({ signal }) =>
      getJson(
        `/api/admin/customers?${new URLSearchParams({ q: search, limit: String(CUSTOMER_SEARCH_LIMIT) })}`,
        z.array(customerSchema),
        signal,
      ),
    enabled: search.length >= CUSTOMER_SEARCH_MIN,
  });
