import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import { commandDerivedId } from '../commands/handle-command.ts';

/** An admin's request to email the customer about an update; the notifier (not this service) sends it. */
export interface NotificationRequest {
  notificationId: string;
  requestedBy: string;
}

/** The admin's request, named after the command so a retried command requests the same email. */
export const notificationFor = (context: CommandContext, requestedBy: string): NotificationRequest => ({
  notificationId: commandDerivedId(context, 'notification'),
  requestedBy,
});

export const ORDER_UPDATE_EMAIL = 'order_update';

export const notificationRequested = (request: NotificationRequest, recipientEmail: string): OrderEvent => ({
  type: 'CustomerNotificationRequested',
  data: {
    notificationId: request.notificationId,
    recipientEmail,
    emailType: ORDER_UPDATE_EMAIL,
    requestedBy: request.requestedBy,
  },
});
