import { parseEmailEvent } from '@ot/contracts/email/email-events.ts';
import { emailStream, emailTypes } from '@ot/contracts/email/email-fields.ts';
import { delayNoticeWords, digestWords } from '@ot/contracts/insights/delay-notice.ts';
import { orderStream, parseOrderEvent, type RecordedOrderEvent } from '@ot/contracts/orders/order-events.ts';
import { foldOrder } from '@ot/contracts/orders/order-state.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import { composeWordsEmail, type EmailContent, type Studio } from './compose-email.ts';
import type { Delivery } from './deliveries.ts';

export const isRadarEmail = (emailType: string): boolean =>
  emailType === emailTypes.delayNotice || emailType === emailTypes.attentionDigest;

/**
 * A delay notice or a digest says what its request carried (the estimate, the list's lines as they
 * were when it was asked for); a resend says what its original said.
 */
export async function radarEmailContent(
  deps: { store: EventStore; studio: Studio },
  delivery: Delivery,
): Promise<EmailContent | { error: string }> {
  const requestId = delivery.resendOf ?? delivery.notificationId;
  const stream = delivery.orderNumber ? orderStream(delivery.orderNumber) : emailStream(requestId);
  const recorded = await deps.store.readStream(
    stream,
    delivery.orderNumber && delivery.contentVersion ? { toVersion: delivery.contentVersion } : {},
  );
  const request = recorded
    .map(parseEmailEvent)
    .find((event) => event?.type === 'CustomerNotificationRequested' && event.data.notificationId === requestId);
  const data = request?.type === 'CustomerNotificationRequested' ? request.data : null;
  if (data?.digest)
    return composeWordsEmail(digestWords(data.digest.day, data.digest.lines, deps.studio.name), deps.studio, null);
  if (!data?.delay || !delivery.orderNumber) return { error: `The request of email ${requestId} was not found` };
  const order = foldOrder(recorded.map(parseOrderEvent).filter((event): event is RecordedOrderEvent => event !== null));
  if (!order) return { error: `Order ${delivery.orderNumber} does not exist` };
  const words = delayNoticeWords({
    customerName: order.customerName,
    orderNumber: order.orderNumber,
    itemName: data.delay.itemName,
    readyBy: data.delay.readyBy,
    likelyBy: data.delay.likelyBy,
    studioName: deps.studio.name,
  });
  return composeWordsEmail(words, deps.studio, order.orderNumber);
}
