import { notificationIdSchema } from '@ot/contracts/email/email-views.ts';
import { emailEventNotFound } from '@ot/contracts/errors/domain-errors.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext } from '../../http/command-context.ts';
import { handleEmailCommand } from '../email-delivery.ts';
import { findEmailEvent } from '../find-email-event.ts';
import { decideRetryEmail } from './retry-email.ts';

export function retryEmailRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/retry-email/:eventId', adminOnly, async (ctx) => {
    const admin = requireAdmin(ctx);
    const notificationId = parse(notificationIdSchema, ctx.params.eventId);
    const logged = await findEmailEvent(deps.pool, notificationId);
    if (!logged) throw emailEventNotFound();
    const { position } = await handleEmailCommand(deps, {
      notificationId,
      context: commandContext(ctx, deps),
      decide: (state) => decideRetryEmail({ type: 'RetryEmail', notificationId, requestedBy: admin.username }, state),
    });
    ctx.set('x-event-position', String(position));
    ctx.status = 202;
    ctx.body = {
      message: `The email to ${logged.recipientEmail} will be sent again now.`,
      notificationId,
      orderNumber: logged.orderNumber,
    };
  });
}
