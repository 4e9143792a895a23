import {
  customerSchema,
  nextOrderNumberSchema,
  orderListSchema,
  orderViewSchema,
} from '@ot/contracts/orders/order-views.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../lib/api-client.ts';

export const adminKeys = {
  all: ['admin'] as const,
  orders: () => [...adminKeys.all, 'orders'] as const,
  order: (orderNumber: string) => [...adminKeys.all, 'order', orderNumber] as const,
  nextOrderNumber: () => [...adminKeys.all, 'next-order-number'] as const,
  customers: (search: string) => [...adminKeys.all, 'customers', search] as const,
};

/** GET /api/admin/orders: the one list refetched on window focus, never considered fresh. */
export const adminOrdersQuery = () =>
  queryOptions({
    queryKey: adminKeys.orders(),
    queryFn: ({ signal }) => getJson('/api/admin/orders', orderListSchema, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

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

/** Spec section 9: customer search starts past 1 character and shows at most 5 matches. */
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
