import { fieldLabel } from '@ot/contracts/audit/field-labels.ts';
import { flattenOrder } from '@ot/contracts/audit/order-history.ts';
import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import type { Order } from '@ot/contracts/orders/order-state.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { NotAvailableOffline } from '../../../components/offline-notice.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { DATE, formatDate, LONG_DATE } from '../../../lib/format.ts';
import { isUnavailableOffline } from '../../../lib/use-online.ts';
import { OrderItemList } from '../../orders/components/order-item-list.tsx';
import { OrderSummary } from '../../orders/components/order-summary.tsx';
import { orderAsOfQuery } from '../api/audit-queries.ts';
import { formatTime, formatValue } from '../format-change.ts';

/**
 * Fields that move with every change or are derived from others (the whole order's ETA from its items',
 * the dashboard's status, complete, overdue), left out of "what differs from now": the fields they
 * come from are listed instead.
 */
const bookkeeping = new Set([
  'id',
  'version',
  'updatedAt',
  'createdAt',
  'deliveredAt',
  'userId',
  'itemCount',
  'adminStatus',
  'complete',
  'overdue',
  'allEtasAdded',
  'eta',
]);

function differences(then: OrderView, now: OrderView) {
  const flat = (view: OrderView) => flattenOrder(view as unknown as Order);
  const before = flat(then);
  const after = flat(now);
  const fields = new Set([...before.keys(), ...after.keys()]);
  return [...fields]
    .filter((field) => !bookkeeping.has(field) && !/\]\.(orderId|orderNumber)$/.test(field))
    .filter((field) => JSON.stringify(before.get(field) ?? null) !== JSON.stringify(after.get(field) ?? null))
    .map((field) => ({ field, past: before.get(field) ?? null, now: after.get(field) ?? null }));
}

function AddressLines({ title, address }: { title: string; address: OrderView['shippingAddress'] }) {
  const lines = address
    ? [address.name, address.address1, address.address2, address.city, address.state, address.zipCode, address.country]
    : [];
  return (
    <div>
      <p className="font-medium">{title}</p>
      {lines.filter(Boolean).length === 0 ? (
        <p>(none)</p>
      ) : (
        lines.filter(Boolean).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address keep their order
          <p key={index} className="wrap-anywhere">
            {line}
          </p>
        ))
      )}
    </div>
  );
}

/** The order's number, customer, date, status, delivery and tracking, as the order detail heads them. */
function OrderHeadline({ order }: { order: OrderView }) {
  return (
    <Card>
      <CardBody className="flex flex-col gap-1">
        <h2 className="text-xl font-bold break-words">Order {order.orderNumber}</h2>
        <p className="wrap-anywhere">{order.customerName}</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {order.customerEmail}
          {order.customerPhone ? ` · ${order.customerPhone}` : ''}
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">Ordered on {formatDate(order.orderDate, DATE)}</p>
        <p className="text-sm">
          Status: <strong>{statusLabel(order.status)}</strong>
        </p>
        <p className="text-sm">
          {order.eta
            ? `Estimated Delivery (For Whole Order): ${formatDate(order.eta, LONG_DATE)}`
            : 'Awaiting ETA From Manufacturer'}
        </p>
        {order.trackingNumber && <p className="text-sm">Tracking Number: {order.trackingNumber}</p>}
      </CardBody>
    </Card>
  );
}

/** The whole order as it stood at `version`, read-only, in the order detail's layout, with what differs from now. */
export function OrderAsOf({ orderNumber, version, at }: { orderNumber: string; version: number; at: string }) {
  const then = useQuery(orderAsOfQuery(orderNumber, version));
  const now = useQuery(orderAsOfQuery(orderNumber, 'now'));
  if (isUnavailableOffline(then)) return <NotAvailableOffline />;
  if (then.isPending) return <Skeleton className="h-64 w-full" />;
  if (then.isError) return <p role="alert">Could not load the order as of version {version}.</p>;
  const order = then.data;
  const itemNames = new Map(order.items.map((item) => [item.id, item.name]));
  const diff = now.data ? differences(order, now.data) : [];
  return (
    <section aria-label={`Order as of version ${version}`} className="flex flex-col gap-4">
      <div
        role="status"
        className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <History aria-hidden="true" className="h-5 w-5" />
        As of {formatTime(at)}, version {version}
      </div>
      <OrderHeadline order={order} />
      <Card>
        <CardHeader title="Addresses" />
        <CardBody className="grid gap-3 text-sm sm:grid-cols-2">
          <AddressLines title="Shipping Address" address={order.shippingAddress} />
          <AddressLines title="Billing Address" address={order.billingAddress} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Order Items" />
        <CardBody>
          <OrderItemList items={order.items} />
        </CardBody>
      </Card>
      {(order.customerNotes || order.fitterNotes) && (
        <Card>
          <CardHeader title="Notes" />
          <CardBody className="flex flex-col gap-2 text-sm">
            {order.customerNotes && <p className="whitespace-pre-wrap">Customer Notes: {order.customerNotes}</p>}
            {order.fitterNotes && <p className="whitespace-pre-wrap">Fitter Notes: {order.fitterNotes}</p>}
          </CardBody>
        </Card>
      )}
      <OrderSummary order={order} />
      <Card>
        <CardHeader title="What differs from now" />
        <CardBody>
          {now.isPending ? (
            <Skeleton className="h-6 w-1/2" />
          ) : diff.length === 0 ? (
            <p className="text-sm">Nothing: the order is the same now.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {diff.map((change) => (
                <li key={change.field}>
                  <span className="font-medium">{fieldLabel(change.field, itemNames)}</span>: then{' '}
                  {formatValue(change.field, change.past)}, now {formatValue(change.field, change.now)}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
