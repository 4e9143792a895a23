import { DEFAULT_EMAIL_STATS_DAYS, type DeliveryStatus } from '@ot/contracts/email/email-fields.ts';
import { emailEventsPageSchema, emailStatsSchema, retryQueueSchema } from '@ot/contracts/email/email-views.ts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';

export interface EmailEventFilters {
  orderNumber: string;
  recipient: string;
  deliveryStatus: DeliveryStatus | 'all';
  page: number;
  limit: number;
}

export const emailLogKeys = {
  all: ['email-logs'] as const,
  events: (filters: EmailEventFilters) => [...emailLogKeys.all, 'events', filters] as const,
  stats: (days: number) => [...emailLogKeys.all, 'stats', days] as const,
  retryQueue: () => [...emailLogKeys.all, 'retry-queue'] as const,
};

/** Filters are sent when set; a delivery status of 'all' is left out. */
export function emailEventsPath(filters: EmailEventFilters): string {
  const params = new URLSearchParams();
  if (filters.orderNumber.trim()) params.set('orderNumber', filters.orderNumber.trim());
  if (filters.recipient.trim()) params.set('recipient', filters.recipient.trim());
  if (filters.deliveryStatus !== 'all') params.set('deliveryStatus', filters.deliveryStatus);
  params.set('page', String(filters.page));
  params.set('limit', String(filters.limit));
  return `/api/admin/email-events?${params}`;
}

export const emailEventsQuery = (filters: EmailEventFilters) =>
  queryOptions({
    queryKey: emailLogKeys.events(filters),
    queryFn: ({ signal }) => getJson(emailEventsPath(filters), emailEventsPageSchema, signal),
  });

export const emailStatsQuery = (days = DEFAULT_EMAIL_STATS_DAYS) =>
  queryOptions({
    queryKey: emailLogKeys.stats(days),
    queryFn: ({ signal }) => getJson(`/api/admin/email-stats?days=${days}`, emailStatsSchema, signal),
  });

/** The retry queue is the one email query that refreshes itself, every 30 seconds. */
export const RETRY_QUEUE_REFRESH_MS = 30_000;

export const retryQueueQuery = () =>
  queryOptions({
    queryKey: emailLogKeys.retryQueue(),
    queryFn: ({ signal }) => getJson('/api/admin/retry-queue', retryQueueSchema, signal),
    refetchInterval: RETRY_QUEUE_REFRESH_MS,
  });
