import { LOGIN_CODE_PROMPT, type LoginCodeRequired } from '@ot/contracts/auth/auth-schemas.ts';
import type { EmailEvent } from '@ot/contracts/email/email-events.ts';
import { emailTypes } from '@ot/contracts/email/email-fields.ts';
import type { AppContext } from '@ot/infra/http/session.ts';
import type { CommandServiceDeps } from '../../deps.ts';
import { handleEmailCommand } from '../../email/email-delivery.ts';
import { commandContext } from '../../http/command-context.ts';
import { loginCodeSubject } from '../../notifier/compose-email.ts';

export interface EmailLoginCode {
  type: 'EmailLoginCode';
  notificationId: string;
  email: string;
  subject: string;
}

/** The code's email is a notification like any other (the notifier sends it); the code is not in it. */
export function decideEmailLoginCode(command: EmailLoginCode): EmailEvent[] {
  return [
    {
      type: 'CustomerNotificationRequested',
      data: {
        notificationId: command.notificationId,
        recipientEmail: command.email,
        emailType: emailTypes.loginCode,
        subject: command.subject,
        requestedBy: null,
        resendOf: null,
        orderNumber: null,
        orderVersion: null,
      },
    },
  ];
}

/** A new challenge for the account and the email that carries its code; answers what the browser needs. */
export async function emailLoginCode(
  ctx: AppContext,
  deps: CommandServiceDeps,
  account: string,
  email: string,
  orderNumber: string,
): Promise<LoginCodeRequired> {
  const challenge = await deps.loginCodes.issue(account, email, orderNumber);
  await handleEmailCommand(deps, {
    notificationId: challenge.notificationId,
    context: commandContext(ctx, deps, { kind: 'system', id: 'customer-login', name: 'customer login' }),
    decide: () =>
      decideEmailLoginCode({
        type: 'EmailLoginCode',
        notificationId: challenge.notificationId,
        email,
        subject: loginCodeSubject(deps.config.STUDIO_NAME),
      }),
  });
  return {
    codeRequired: true,
    challengeId: challenge.challengeId,
    message: LOGIN_CODE_PROMPT,
    expiresAt: challenge.expiresAt.toISOString(),
  };
}
