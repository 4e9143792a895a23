import { itemNotFound, orderNotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { UpdateOrderItemRequest } from '@ot/contracts/orders/order-commands.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import type { OrderState } from '@ot/contracts/orders/order-state.ts';
import { type NotificationRequest, notificationRequested } from '../notification.ts';
import { changedText } from '../text.ts';

/** One item's status, ETA or manufacturer; with `x-send-email: true` also a request to tell the customer. */
export interface UpdateOrderItem {
  type: 'UpdateOrderItem';
  itemId: string;
  changes: UpdateOrderItemRequest;
  notification: NotificationRequest | null;
}

export function decideUpdateOrderItem(command: UpdateOrderItem, state: OrderState): OrderEvent[] {
  if (state === null) throw orderNotFound();
  const item = state.items.find((candidate) => candidate.id === command.itemId);
  if (!item) throw itemNotFound();
  const { changes } = command;
  const itemId = item.id;
  const events: OrderEvent[] = [];

  if (changes.status !== undefined && changes.status !== item.status) {
    events.push({ type: 'ItemStatusChanged', data: { itemId, status: changes.status, previousStatus: item.status } });
  }
  const estimatedDelivery = changedText(changes.estimatedDelivery);
  if (estimatedDelivery !== undefined && estimatedDelivery !== item.estimatedDelivery) {
    events.push({ type: 'ItemEstimatedDeliverySet', data: { itemId, estimatedDelivery } });
  }
  const { manufacturer } = changes;
  if (manufacturer !== undefined && manufacturer !== item.manufacturer) {
    events.push({ type: 'ItemManufacturerChanged', data: { itemId, manufacturer } });
  }
  // The PWA re-sends an unchanged item just to notify, so the request stands on its own.
  if (command.notification) events.push(notificationRequested(command.notification, state.customerEmail));
  return events;
}
