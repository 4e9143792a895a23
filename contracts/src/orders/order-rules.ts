import { type ItemStatus, itemStatusRank } from './item-status.ts';

interface HasStatus {
  status: ItemStatus;
}
interface HasEta {
  estimatedDelivery: string | null;
}

/** Admin-table status: the least advanced item; no items means the order is being processed. */
export function adminOrderStatus(items: readonly HasStatus[]): ItemStatus {
  let least: ItemStatus | null = null;
  for (const { status } of items) {
    if (least === null || itemStatusRank(status) < itemStatusRank(least)) least = status;
  }
  return least ?? 'order_being_processed';
}

/** Complete: at least one item, and every item collected or shipped. */
export const isOrderComplete = (items: readonly HasStatus[]): boolean =>
  items.length > 0 && items.every((item) => item.status === 'order_collected_shipped');

/** ALL ETAs ADDED: every item has an estimated delivery (a red cross when there are no items). */
export const allEtasAdded = (items: readonly HasEta[]): boolean =>
  items.length > 0 && items.every((item) => item.estimatedDelivery !== null && item.estimatedDelivery !== '');

const dayOf = (iso: string): string => iso.slice(0, 10);

/** Overdue: placed with the manufacturer and the estimated delivery is in the past; never when complete. */
export function isOrderOverdue(
  order: { estimatedDelivery: string | null; items: readonly (HasStatus & HasEta)[] },
  today: string,
): boolean {
  return isOverdue(
    { complete: isOrderComplete(order.items), adminStatus: adminOrderStatus(order.items), eta: orderEta(order) },
    today,
  );
}

/** The same rule over an order's derived values (as the read model keeps them). */
export function isOverdue(
  order: { complete: boolean; adminStatus: ItemStatus; eta: string | null },
  today: string,
): boolean {
  if (order.complete || order.adminStatus !== 'order_placed_with_manufacturer') return false;
  return order.eta !== null && dayOf(order.eta) < dayOf(today);
}

/** The whole order's ETA: the order's own estimate, else the latest item ETA once every item has one. */
export function orderEta(order: { estimatedDelivery: string | null; items: readonly HasEta[] }): string | null {
  if (order.estimatedDelivery) return order.estimatedDelivery;
  if (!allEtasAdded(order.items)) return null;
  return order.items.map((item) => item.estimatedDelivery as string).reduce((a, b) => (dayOf(a) >= dayOf(b) ? a : b));
}

/** Customer list order: complete orders after the others; newest order date first within each group. */
export function compareForCustomer(
  a: { orderDate: string; orderNumber: string; items: readonly HasStatus[] },
  b: { orderDate: string; orderNumber: string; items: readonly HasStatus[] },
): number {
  const completeA = isOrderComplete(a.items) ? 1 : 0;
  const completeB = isOrderComplete(b.items) ? 1 : 0;
  if (completeA !== completeB) return completeA - completeB;
  if (a.orderDate !== b.orderDate) return a.orderDate < b.orderDate ? 1 : -1;
  return a.orderNumber < b.orderNumber ? 1 : a.orderNumber > b.orderNumber ? -1 : 0;
}

/** `EP-` + 1 -> `EP-0001`. */
export const formatOrderNumber = (prefix: string, sequence: number): string =>
  `${prefix}${String(sequence).padStart(4, '0')}`;

/**
 * The amounts the server decides: total = subtotal + shipping + tax, and what is left
 * to pay never below zero. A client's own total or amountRemaining is ignored.
 */
export function orderAmounts(entered: { subtotal: number; shipping: number; tax: number; amountPaid: number }): {
  total: number;
  amountRemaining: number;
} {
  const total = entered.subtotal + entered.shipping + entered.tax;
  return { total, amountRemaining: Math.max(0, total - entered.amountPaid) };
}
