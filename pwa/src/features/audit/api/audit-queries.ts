import { auditEventSchema, auditVerificationSchema } from '@ot/contracts/audit/audit-views.ts';
import { orderViewSchema } from '@ot/contracts/orders/order-views.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../lib/api-client.ts';

export type { AuditEvent } from '@ot/contracts/audit/audit-views.ts';

export const auditKeys = {
  all: ['audit'] as const,
  events: (orderNumber: string) => [...auditKeys.all, 'events', orderNumber] as const,
  asOf: (orderNumber: string, version: number | 'now') => [...auditKeys.all, 'as-of', orderNumber, version] as const,
  verify: () => [...auditKeys.all, 'verify'] as const,
};

const orderPath = (orderNumber: string) => `/api/audit/orders/${encodeURIComponent(orderNumber)}`;

/** GET /api/audit/orders/{n}/events: the order's whole history with what each event changed. */
export const orderEventsQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: auditKeys.events(orderNumber),
    queryFn: ({ signal }) => getJson(`${orderPath(orderNumber)}/events`, z.array(auditEventSchema), signal),
  });

/** GET /api/audit/orders/{n}?version=k: the order as it stood then (or now, folded from its events). */
export const orderAsOfQuery = (orderNumber: string, version: number | 'now') =>
  queryOptions({
    queryKey: auditKeys.asOf(orderNumber, version),
    queryFn: ({ signal }) =>
      getJson(`${orderPath(orderNumber)}${version === 'now' ? '' : `?version=${version}`}`, orderViewSchema, signal),
    staleTime: version === 'now' ? 0 : Number.POSITIVE_INFINITY,
  });

/** GET /api/audit/verify: the latest hash-chain and read-model checks. */
export const verifyQuery = () =>
  queryOptions({
    queryKey: auditKeys.verify(),
    queryFn: ({ signal }) => getJson('/api/audit/verify', auditVerificationSchema, signal),
  });

/** The export's address: the browser downloads it with the session cookie, streamed by the server. */
export function exportUrl(format: 'csv' | 'ndjson', filter: { orderNumber?: string; from?: string; to?: string }) {
  const params = new URLSearchParams({ format });
  if (filter.orderNumber) params.set('orderNumber', filter.orderNumber);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  return `/api/audit/export?${params}`;
}
