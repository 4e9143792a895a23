import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';

/** One order in the customer's list: its number, date, status, items and total. */
export function OrderCard({ order }: { order: OrderView }) {
  const eta = order.eta ? formatDate(order.eta) : 'TBC';
  const items = `${order.itemCount} ${order.itemCount === 1 ? 'item' : 'items'}`;
  return (
    <Card
      className={order.complete ? 'border-green-600 dark:border-green-700' : undefined}
      aria-labelledby={`order-${order.orderNumber}`}
      role="article"
    >
      <div className="flex flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`order-${order.orderNumber}`} className="text-lg font-semibold">
            {order.orderNumber}
          </h2>
          {order.complete && (
            <Badge tone="green" className="bg-green-700 text-white dark:bg-green-700 dark:text-white">
              COMPLETE
            </Badge>
          )}
        </div>
        {order.complete ? (
          <div className="flex items-center gap-2 rounded-md bg-green-100 px-3 py-2 text-sm font-semibold text-green-900 dark:bg-green-900 dark:text-green-50">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            ORDER COMPLETED
          </div>
        ) : (
          <p className="text-sm font-medium">
            Current ETA (Whole Order): <span className="font-semibold">{eta}</span>
          </p>
        )}
        <dl className="grid grid-cols-1 gap-1 text-sm text-gray-700 sm:grid-cols-2 dark:text-gray-300">
          <div>
            <dt className="sr-only">Order date</dt>
            <dd>Ordered on {formatDate(order.orderDate)}</dd>
          </div>
          <div>
            <dt className="sr-only">Items and total</dt>
            <dd>
              {items} · {formatMoney(order.total)}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Paid</dt>
            <dd>Paid: {formatMoney(order.amountPaid)}</dd>
          </div>
          <div>
            <dt className="sr-only">Remaining</dt>
            <dd>Remaining: {formatMoney(order.amountRemaining)}</dd>
          </div>
          <div>
            <dt className="sr-only">Delivery</dt>
            <dd>{order.deliveredAt ? `Delivered on: ${formatDate(order.deliveredAt)}` : `Est. delivery: ${eta}`}</dd>
          </div>
        </dl>
        <div>
          <Link
            to={`/orders/${encodeURIComponent(order.orderNumber)}`}
            className={buttonClass({ variant: 'outline', size: 'sm' })}
          >
            View Details
          </Link>
        </div>
      </div>
    </Card>
  );
}
