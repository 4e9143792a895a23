import {
  orderItemViewSchema,
  orderListSchema,
  orderViewSchema,
  timelineEntrySchema,
  usualReadySchema,
} from '@ot/contracts/orders/order-views.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../lib/api-client.ts';

export const orderKeys = {
  all: ['orders'] as const,
  customerList: () => [...orderKeys.all, 'customer'] as const,
  detail: (orderNumber: string) => [...orderKeys.all, 'detail', orderNumber] as const,
  items: (orderNumber: string) => [...orderKeys.detail(orderNumber), 'items'] as const,
  timeline: (orderNumber: string) => [...orderKeys.detail(orderNumber), 'timeline'] as const,
  usualReady: (orderNumber: string) => [...orderKeys.detail(orderNumber), 'usual-ready'] as const,
};

const path = (orderNumber: string) => `/api/orders/${encodeURIComponent(orderNumber)}`;

/** GET /api/customer/orders: the signed-in customer's orders. */
export const customerOrdersQuery = () =>
  queryOptions({
    queryKey: orderKeys.customerList(),
    queryFn: ({ signal }) => getJson('/api/customer/orders', orderListSchema, signal),
  });

/** GET /api/orders/{n}: one order (404 when it is not the reader's). */
export const orderQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderNumber),
    queryFn: ({ signal }) => getJson(path(orderNumber), orderViewSchema, signal),
  });

/** The item list is cached for 5 minutes and not refetched on focus. */
export const ITEM_LIST_CACHE_MS = 300_000;

export const orderItemsQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: orderKeys.items(orderNumber),
    queryFn: ({ signal }) => getJson(`${path(orderNumber)}/items`, z.array(orderItemViewSchema), signal),
    staleTime: ITEM_LIST_CACHE_MS,
    gcTime: ITEM_LIST_CACHE_MS,
    refetchOnWindowFocus: false,
  });

export const orderTimelineQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: orderKeys.timeline(orderNumber),
    queryFn: ({ signal }) => getJson(`${path(orderNumber)}/timeline`, z.array(timelineEntrySchema), signal),
  });

/**
 * GET /api/orders/{n}/usual-ready: when the items without an ETA are usually ready, from the studio's
 * history. Asked for only while the order has no ETA, once the page is quiet (order-detail-page.tsx).
 */
export const usualReadyQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: orderKeys.usualReady(orderNumber),
    queryFn: ({ signal }) => getJson(`${path(orderNumber)}/usual-ready`, usualReadySchema, signal),
    staleTime: ITEM_LIST_CACHE_MS,
  });
