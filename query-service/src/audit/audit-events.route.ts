import { historyWithChanges } from '@ot/contracts/audit/order-history.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';
import { auditRecord, collect, orderHistoryStreams } from './order-history.ts';

/**
 * GET /api/audit/orders/{n}/events: every event of the order's history in global order (its stream,
 * staff-only events included, and its emails' streams), each with the fields it changed.
 */
export function auditEventsRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/audit/orders/:orderNumber/events', requireRole('auditor'), async (ctx) => {
    const { streams } = await orderHistoryStreams(deps, ctx.params.orderNumber ?? '');
    const events = await collect(deps.store.readAudited({ streams }));
    ctx.body = historyWithChanges(events).map((event) => ({ ...auditRecord(event), changes: event.changes }));
  });
}
