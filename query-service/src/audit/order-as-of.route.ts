import { type AsOf, orderAsOf } from '@ot/contracts/audit/order-history.ts';
import { orderNotFound } from '@ot/contracts/errors/domain-errors.ts';
import { toOrderView } from '@ot/contracts/orders/to-order-view.ts';
import { badRequest } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';
import { readOrderEvents } from './order-history.ts';

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * `?version=k` (a stream version: a whole number; one the order never had, 0 included, is a 404 later)
 * or `?at=<ISO time>`; neither: the order as it stands now.
 */
export function parseAsOf(query: Record<string, string | string[] | undefined>): AsOf | null {
  const version = single(query.version);
  const at = single(query.at);
  if (version !== undefined) {
    if (!/^\d{1,9}$/.test(version)) throw badRequest('version must be a whole number from 1', { field: 'version' });
    return { version: Number(version) };
  }
  if (at !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}/.test(at) || Number.isNaN(Date.parse(at)))
      throw badRequest('at must be an ISO date and time, e.g. 2026-11-25T10:00:00Z', { field: 'at' });
    return { at: new Date(at).toISOString() };
  }
  return null;
}

/**
 * GET /api/audit/orders/{n}?version=k | ?at=<time>: the order exactly as it stood then, in the admin
 * view's shape, folded from its events with the deciders' `evolve` (never from the read models). A
 * version the order never had, or a time before it was placed: 404.
 */
export function orderAsOfRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/audit/orders/:orderNumber', requireRole('auditor'), async (ctx) => {
    const asOf = parseAsOf(ctx.query);
    const { events } = await readOrderEvents(deps, ctx.params.orderNumber ?? '');
    const last = events[events.length - 1];
    const wanted: AsOf = asOf ?? { version: last?.version ?? 0 };
    const found = orderAsOf(events, wanted);
    if (!found) throw orderNotFound();
    const atEvent = events.find((event) => event.version === found.meta.version);
    const then = 'at' in wanted ? wanted.at : (atEvent?.recordedAt ?? deps.clock().toISOString());
    const { rows } = await deps.pool.query<{ id: string }>(
      'select id::text from auth.users where lower(email) = lower($1) and not is_admin',
      [found.order.customerEmail],
    );
    ctx.set('ETag', `"${found.meta.version}"`);
    ctx.set('x-as-of-version', String(found.meta.version));
    ctx.body = toOrderView(found.order, found.meta, { forAdmin: true, today: then, userId: rows[0]?.id ?? null });
  });
}
