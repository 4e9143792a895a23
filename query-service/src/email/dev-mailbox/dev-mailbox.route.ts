import { devMailboxQuerySchema } from '@ot/contracts/email/email-views.ts';
import { readDevMailbox } from '@ot/infra/email/dev-mailbox-transport.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';

/** What the dev transport kept instead of sending (no SENDGRID_API_KEY): the latest messages, HTML and text. */
export function devMailboxRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/dev-mailbox', requireRole('auditor'), async (ctx) => {
    const { notificationId, limit } = parse(devMailboxQuerySchema, ctx.query);
    ctx.body = { messages: await readDevMailbox(deps.pool, { notificationId, limit }) };
  });
}
