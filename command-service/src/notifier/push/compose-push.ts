import { formatDay } from '@ot/contracts/insights/studio-dates.ts';
import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import { foldOrder } from '@ot/contracts/orders/order-state.ts';
import { orderPageUrl, type Studio } from '../compose-email.ts';

/** The plaintext of one push, at most this many bytes once encoded: well inside what push services take (4 KB encrypted). */
export const MAX_PUSH_PAYLOAD_BYTES = 3 * 1024;

/**
 * A declarative Web Push message (`web_push: 8030`): Safari 18.4+ shows it without running the
 * service worker; our service worker reads the same fields.
 */
export interface PushPayload {
  web_push: 8030;
  notification: { title: string; body: string; navigate: string; lang: string };
}

interface Change {
  subject: string;
  text: string;
}

/** What the customer has not been told yet: the changes since the order's previous notification request. */
function changesSince(events: readonly OrderEvent[]): Change[] {
  let start = 0;
  for (let index = events.length - 2; index >= 0; index--) {
    if (events[index]?.type === 'CustomerNotificationRequested') {
      start = index + 1;
      break;
    }
  }
  const order = foldOrder(events);
  const itemName = (itemId: string) => order?.items.find((item) => item.id === itemId)?.name ?? 'An item';
  const latest = new Map<string, Change>();
  for (const event of events.slice(start)) {
    const change = describe(event, itemName);
    // Two changes of one thing (status set twice): the customer hears of where it ended.
    if (change) latest.set(`${change.subject}\u0000${event.type}`, change);
  }
  return [...latest.values()];
}

function describe(event: OrderEvent, itemName: (itemId: string) => string): Change | null {
  switch (event.type) {
    case 'ItemStatusChanged':
      return { subject: itemName(event.data.itemId), text: statusLabel(event.data.status) };
    case 'ItemEstimatedDeliverySet':
      return {
        subject: itemName(event.data.itemId),
        text: `Estimated delivery ${formatDay(event.data.estimatedDelivery) ?? 'to be confirmed'}`,
      };
    case 'OrderStatusChanged':
      return { subject: 'Your order', text: statusLabel(event.data.status) };
    case 'OrderEstimatedDeliverySet':
      return {
        subject: 'Your order',
        text: `Estimated delivery ${formatDay(event.data.estimatedDelivery) ?? 'to be confirmed'}`,
      };
    case 'TrackingNumberAssigned':
      return event.data.trackingNumber
        ? { subject: 'Your order', text: `Parcelforce tracking number ${event.data.trackingNumber}` }
        : null;
    default:
      return null;
  }
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

const ELLIPSIS = '…';

/** Cut `over` bytes (and room for the mark) from the end, at a character boundary, marking the cut. */
function shorten(text: string, over: number): string {
  const chars = [...text];
  let excess = over + byteLength(ELLIPSIS);
  // Each character counted as it is written in the JSON (a quote or a newline takes two bytes there).
  while (excess > 0 && chars.length > 0) excess -= byteLength(JSON.stringify(chars.pop() ?? '')) - 2;
  return `${chars.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * The push for an order update: the title names the order and the one thing that changed ("EP-0042: Mizuno
 * Irons", body "Order Arrived at EP - Awaiting Quality Checks"); several changes are a line each; a
 * notification without a change lists where each item stands. A tap opens the order's page.
 */
export function composeOrderPush(events: readonly OrderEvent[], studio: Studio): PushPayload | null {
  const order = foldOrder(events);
  if (!order) return null;
  const changes = changesSince(events);
  const only = changes.length === 1 ? changes[0] : undefined;
  const lines = (
    changes.length > 0 ? changes : order.items.map((item) => ({ subject: item.name, text: statusLabel(item.status) }))
  ).map((change) => `${change.subject} - ${change.text}`);
  const payload: PushPayload = {
    web_push: 8030,
    notification: {
      title: only
        ? `${order.orderNumber}: ${only.subject}`
        : `${order.orderNumber}: ${changes.length > 1 ? `${changes.length} updates` : 'Order update'}`,
      body: only ? only.text : lines.join('\n'),
      navigate: orderPageUrl(studio, order.orderNumber),
      lang: 'en-GB',
    },
  };
  return fitPayload(payload);
}

/** The payload within MAX_PUSH_PAYLOAD_BYTES: the body is shortened first, then the title. */
export function fitPayload(payload: PushPayload): PushPayload {
  const over = () => byteLength(JSON.stringify(payload)) - MAX_PUSH_PAYLOAD_BYTES;
  // Measured again after each cut; when the body is cut to nothing, the title is cut next.
  for (const field of ['body', 'title'] as const) {
    while (over() > 0 && payload.notification[field].length > 1) {
      payload = {
        ...payload,
        notification: { ...payload.notification, [field]: shorten(payload.notification[field], over()) },
      };
    }
  }
  if (over() > 0) throw new Error('A push payload cannot be made to fit');
  return payload;
}
