import { testEmailRequestSchema } from '@ot/contracts/email/email-views.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import { commandDerivedId } from '../../commands/handle-command.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext } from '../../http/command-context.ts';
import { defaultTestSubject } from '../../notifier/compose-email.ts';
import { handleEmailCommand } from '../email-delivery.ts';
import { decideSendTestEmail } from './send-test-email.ts';

export function sendTestEmailRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/test-email', adminOnly, async (ctx) => {
    const admin = requireAdmin(ctx);
    const { email } = parse(testEmailRequestSchema, ctx.request.body ?? {});
    const context = commandContext(ctx, deps);
    const notificationId = commandDerivedId(context, 'notification');
    const { position } = await handleEmailCommand(deps, {
      notificationId,
      context,
      decide: () =>
        decideSendTestEmail({
          type: 'SendTestEmail',
          notificationId,
          email,
          subject: defaultTestSubject(deps.config.STUDIO_NAME),
          requestedBy: admin.username,
        }),
    });
    ctx.set('x-event-position', String(position));
    ctx.status = 202;
    ctx.body = { message: `A test email to ${email} is on its way.`, notificationId, orderNumber: null };
  });
}
