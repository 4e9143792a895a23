import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';

/** An admin's request to email the customer about an update; the notifier (not this service) sends it. */
export interface NotificationRequest {
  notificationId: string;
  requestedBy: string;
}

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
