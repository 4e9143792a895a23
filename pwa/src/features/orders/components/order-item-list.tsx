import { statusLabel, statusNextStep, statusProgress, statusShortLabel } from '@ot/contracts/orders/item-status.ts';
import type { OrderItemView } from '@ot/contracts/orders/order-views.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';

export function OrderItemList({ items }: { items: readonly OrderItemView[] }) {
  if (items.length === 0) return <p className="text-sm text-gray-700 dark:text-gray-300">No items on this order.</p>;
  return (
    <ul className="flex flex-col divide-y divide-gray-200 dark:divide-gray-800">
      {items.map((item) => {
        const progress = statusProgress(item.status);
        return (
          <li key={item.id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <h3 className="font-semibold">{item.name}</h3>
                {item.manufacturer && <Badge tone="blue">{item.manufacturer}</Badge>}
              </div>
              <p className="font-semibold">{formatMoney(item.price)}</p>
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
              <span>Quantity: {item.quantity}</span>
              <span>ETA: {item.estimatedDelivery ? formatDate(item.estimatedDelivery) : 'TBC'}</span>
            </div>
            <p className="text-sm font-medium">{statusLabel(item.status)}</p>
            <div className="flex items-center gap-3">
              <div
                role="progressbar"
                aria-label={`${item.name} progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
              >
                <div className="h-full rounded-full bg-emerald-600" style={{ width: `${progress}%` }} />
              </div>
              <span className="w-12 text-right text-sm font-semibold">{progress}%</span>
            </div>
            <p className="text-sm">
              <span className="font-semibold">{statusShortLabel(item.status)}</span>
              <span className="text-gray-700 dark:text-gray-300"> — {statusNextStep(item.status)}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
