import type { EmailEvent, RecordedEmailEvent } from '@ot/contracts/email/email-events.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';

export interface ResendEmail {
  type: 'ResendEmail';
  /** The new email's id. */
  notificationId: string;
  requestedBy: string;
}

type Request = Extract<RecordedEmailEvent, { type: 'CustomerNotificationRequested' }>;

/** The order a request is about, and the order version its content shows. */
export function requestedOrder(request: Request): { orderNumber: string | null; orderVersion: number | null } {
  if (request.stream.startsWith(orderStreamPrefix)) {
    return { orderNumber: request.stream.slice(orderStreamPrefix.length), orderVersion: request.version };
  }
  return { orderNumber: request.data.orderNumber ?? null, orderVersion: request.data.orderVersion ?? null };
}

/**
 * A resend is a new email with the same content: same recipient, type and subject, showing the order
 * as the original did. It lives in its own stream, so resending never moves the order's version.
 */
export function decideResendEmail(command: ResendEmail, original: Request): EmailEvent[] {
  const { orderNumber, orderVersion } = requestedOrder(original);
  return [
    {
      type: 'CustomerNotificationRequested',
      data: {
        notificationId: command.notificationId,
        recipientEmail: original.data.recipientEmail,
        emailType: original.data.emailType,
        ...(original.data.subject !== undefined ? { subject: original.data.subject } : {}),
        requestedBy: command.requestedBy,
        resendOf: original.data.notificationId,
        orderNumber,
        orderVersion,
      },
    },
  ];
}
