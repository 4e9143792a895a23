import { adminOrderStatus, allEtasAdded, isOrderComplete, isOrderOverdue, orderEta } from './order-rules.ts';
import type { Order } from './order-state.ts';
import type { OrderView } from './order-views.ts';

export interface OrderViewMeta {
  version: number;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

/**
 * The one place an order becomes what readers see: derived fields from the pure rules, and
 * `fitterNotes` only for admins (the key is absent otherwise, not merely empty).
 */
export function toOrderView(
  order: Order,
  meta: OrderViewMeta,
  options: { forAdmin: boolean; today: string; userId: string | null },
): OrderView {
  const { fitterNotes, orderId, items, ...rest } = order;
  const view: OrderView = {
    ...rest,
    id: orderId,
    userId: options.userId,
    items: items.map((item) => ({ ...item, orderId, orderNumber: order.orderNumber })),
    itemCount: items.length,
    adminStatus: adminOrderStatus(items),
    complete: isOrderComplete(items),
    overdue: isOrderOverdue(order, options.today),
    allEtasAdded: allEtasAdded(items),
    eta: orderEta(order),
    deliveredAt: meta.deliveredAt,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    version: meta.version,
  };
  if (options.forAdmin) view.fitterNotes = fitterNotes;
  return view;
}
