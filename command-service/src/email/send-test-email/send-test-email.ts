import { emailTypes } from '@ot/contracts/email/email-fields.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';

export interface SendTestEmail {
  type: 'SendTestEmail';
  notificationId: string;
  email: string;
  subject: string;
  requestedBy: string;
}

/** A test email is a notification like any other, tied to no order: the notifier sends it. */
export function decideSendTestEmail(command: SendTestEmail): OrderEvent[] {
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
