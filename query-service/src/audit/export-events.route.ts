import { Readable } from 'node:stream';
import { badRequest } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';
import { exportChunks } from './export-events.ts';
import { orderHistoryStreams } from './order-history.ts';

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const DAY_MS = 86_400_000;

/**
 * A bound of the range as an instant. A date alone is a whole day (UTC): `from` its start, `to` its
 * end, so `from=2026-11-25&to=2026-11-25` is that day; a time is taken as given (`to` excluded).
 */
function instant(name: 'from' | 'to', value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value)))
    throw badRequest(`${name} must be an ISO date or date and time, e.g. 2026-11-25`, { field: name });
  const ms = Date.parse(value);
  const wholeDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Date(name === 'to' && wholeDay ? ms + DAY_MS : ms).toISOString();
}

/**
 * GET /api/audit/export?format=csv|ndjson[&orderNumber=][&from=][&to=]: events in global order (one
 * order's history, and/or those recorded in the range from-to), streamed from an event store cursor as the
 * client reads, each row with its chain hash.
 */
export function exportEventsRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/audit/export', requireRole('auditor'), async (ctx) => {
    const format = single(ctx.query.format) ?? 'csv';
    if (format !== 'csv' && format !== 'ndjson') throw badRequest('format must be csv or ndjson', { field: 'format' });
    const from = instant('from', single(ctx.query.from));
    const to = instant('to', single(ctx.query.to));
    if (from && to && from >= to) throw badRequest('from must be before to', { field: 'from' });
    const orderNumber = single(ctx.query.orderNumber)?.trim() || undefined;
    const history = orderNumber ? await orderHistoryStreams(deps, orderNumber) : null;
    const events = deps.store.readAudited({ streams: history?.streams, from, to });
    const name = `audit-${history ? history.orderNumber.replace(/[^A-Za-z0-9_-]/g, '_') : 'events'}`;
    ctx.set('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${name}.${format}"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = Readable.from(exportChunks(events, format));
  });
}
