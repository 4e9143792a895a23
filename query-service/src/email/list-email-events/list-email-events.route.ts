import { emailEventsQuerySchema } from '@ot/contracts/email/email-views.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { listEmailEvents } from './list-email-events.ts';

export function listEmailEventsRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/email-events', requireRole('auditor'), async (ctx) => {
    ctx.body = await listEmailEvents(deps.pool, parse(emailEventsQuerySchema, ctx.query));
  });
}
