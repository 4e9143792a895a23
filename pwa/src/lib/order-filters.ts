import { orderStatuses, statusLabel } from '@ot/contracts/orders/item-status.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';

export const ALL_STATUSES = 'all';

/** The status filter's seven options, in the order the studio lists them. */
export const statusFilterOptions = [
  { value: ALL_STATUSES, label: 'All Statuses' },
  ...orderStatuses.map((value) => ({ value, label: statusLabel(value) })),
];

/**
 * An order matches a status when its own status or its derived status (the least advanced item) is
 * that status; a complete order (every item collected/shipped) matches Collected and Shipped.
 */
export function matchesStatus(order: OrderView, filter: string): boolean {
  if (filter === ALL_STATUSES) return true;
  if (order.status === filter || order.adminStatus === filter) return true;
  return (filter === 'order_collected' || filter === 'order_shipped') && order.complete;
}

/** Case-insensitive substring search over the given fields. */
export function matchesSearch(fields: readonly (string | null | undefined)[], search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field?.toLowerCase().includes(needle));
}
