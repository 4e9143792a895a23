import { emailTypes } from '@ot/contracts/email/email-fields.ts';
import { itemNotFound, orderNotFound } from '@ot/contracts/errors/domain-errors.ts';
import { delayNoticeWords, lateRow } from '@ot/contracts/insights/delay-notice.ts';
import type { AttentionItem } from '@ot/contracts/insights/insights-views.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import type { OrderState } from '@ot/contracts/orders/order-state.ts';

export interface SendDelayNotice {
  type: 'SendDelayNotice';
  itemId: string;
  notificationId: string;
  requestedBy: string;
  studioName: string;
  /** The item's rows of today's attention list (the server's own estimate, never the client's). */
  flagged: readonly AttentionItem[];
}

/** A "taking longer than usual" email with the item's new estimate, through the outbox like every email. */
export function decideSendDelayNotice(command: SendDelayNotice, state: OrderState): OrderEvent[] {
  if (state === null) throw orderNotFound();
  const item = state.items.find((candidate) => candidate.id === command.itemId);
  if (!item) throw itemNotFound();
  const late = lateRow(command.flagged);
  const delay = { itemId: item.id, itemName: item.name, readyBy: late.predictedReadyDate, likelyBy: late.likelyBy };
  const { subject } = delayNoticeWords({
    ...delay,
    customerName: state.customerName,
    orderNumber: state.orderNumber,
    studioName: command.studioName,
  });
  return [
    {
      type: 'CustomerNotificationRequested',
      data: {
        notificationId: command.notificationId,
        recipientEmail: state.customerEmail,
        emailType: emailTypes.delayNotice,
        subject,
        requestedBy: command.requestedBy,
        delay,
      },
    },
  ];
}
