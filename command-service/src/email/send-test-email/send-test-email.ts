import type { EmailEvent } from '@ot/contracts/email/email-events.ts';
import { emailTypes } from '@ot/contracts/email/email-fields.ts';

export interface SendTestEmail {
  type: 'SendTestEmail';
  notificationId: string;
  email: string;
  subject: string;
  requestedBy: string;
}

/** A test email is a notification like any other, tied to no order: the notifier sends it. */
export function decideSendTestEmail(command: SendTestEmail): EmailEvent[] {
  return [
    {
      type: 'CustomerNotificationRequested',
      data: {
        notificationId: command.notificationId,
        recipientEmail: command.email,
        emailType: emailTypes.test,
        subject: command.subject,
        requestedBy: command.requestedBy,
        resendOf: null,
        orderNumber: null,
        orderVersion: null,
      },
    },
  ];
}
