import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { formatMoney } from '../../../lib/format.ts';

export function OrderSummary({ order }: { order: OrderView }) {
  const rows: [string, number, boolean?][] = [
    ['Subtotal', order.subtotal],
    ['Shipping', order.shipping],
    ['Tax', order.tax],
    ['Total', order.total, true],
    ['Amount Paid', order.amountPaid],
    ['Amount Remaining', order.amountRemaining, true],
  ];
  return (
    <Card>
      <CardHeader title="Order Summary" />
      <CardBody>
        <dl className="flex flex-col gap-2 text-sm">
          {rows.map(([label, amount, strong]) => (
            <div
              key={label}
              className={`flex justify-between gap-4 ${strong ? 'border-t border-gray-200 pt-2 font-semibold dark:border-gray-700' : ''}`}
            >
              <dt>{label}</dt>
              <dd>{formatMoney(amount)}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
