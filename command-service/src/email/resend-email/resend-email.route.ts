import { parseEmailEvent } from '@ot/contracts/email/email-events.ts';
import { notificationIdSchema } from '@ot/contracts/email/email-views.ts';
import { emailEventNotFound } from '@ot/contracts/errors/domain-errors.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import { commandDerivedId } from '../../commands/handle-command.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext } from '../../http/command-context.ts';
import { handleEmailCommand } from '../email-delivery.ts';
import { findEmailEvent } from '../find-email-event.ts';
import { decideResendEmail, requestedOrder } from './resend-email.ts';

/** The original request, read from the stream the log points at. */
async function loadRequest(deps: CommandServiceDeps, notificationId: string) {
  const logged = await findEmailEvent(deps.pool, notificationId);
  if (!logged) return null;
  for (const recorded of await deps.store.readStream(logged.requestStream)) {
    const event = parseEmailEvent(recorded);
    if (event?.type === 'CustomerNotificationRequested' && event.data.notificationId === notificationId) return event;
  }
  return null;
}

export function resendEmailRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/email-events/:eventId/resend', adminOnly, async (ctx) => {
    const admin = requireAdmin(ctx);
    const originalId = parse(notificationIdSchema, ctx.params.eventId);
    const original = await loadRequest(deps, originalId);
    if (!original) throw emailEventNotFound();
    const context = commandContext(ctx, deps);
    const notificationId = commandDerivedId(context, 'notification');
    const { position } = await handleEmailCommand(deps, {
      notificationId,
      context,
      decide: () => decideResendEmail({ type: 'ResendEmail', notificationId, requestedBy: admin.username }, original),
    });
    const { orderNumber } = requestedOrder(original);
    ctx.set('x-event-position', String(position));
    ctx.status = 202;
    ctx.body = {
      message: `A new email to ${original.data.recipientEmail} is on its way.`,
      notificationId,
      orderNumber,
    };
  });
}
