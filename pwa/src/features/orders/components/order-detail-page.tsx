import type { OrderItemView } from '@ot/contracts/orders/order-views.ts';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, CalendarClock, ExternalLink, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { NotAvailableOffline } from '../../../components/offline-notice.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { DATE, formatDate, LONG_DATE } from '../../../lib/format.ts';
import { isUnavailableOffline } from '../../../lib/use-online.ts';
import { usePageQuiet } from '../../../lib/when-page-is-quiet.ts';
import { orderItemsQuery, orderQuery, usualReadyQuery } from '../api/order-queries.ts';
import { OrderItemList } from './order-item-list.tsx';
import { OrderSummary } from './order-summary.tsx';
import { OrderTimeline } from './order-timeline.tsx';

/** The carrier's public tracking page (tracking numbers are Parcelforce's). */
export const parcelforceUrl = (trackingNumber: string) =>
  `https://www.parcelforce.com/track-trace?trackNumber=${encodeURIComponent(trackingNumber)}`;

/** The whole order's estimated delivery, or that the manufacturer has not given one yet. */
/** The whole order's ETA; without one, when the studio's history says it is usually ready (asked for then only). */
function DeliveryEstimate({ eta, orderNumber }: { eta: string | null; orderNumber: string }) {
  // Asked for once the page is quiet: a line beside the ETA, never a reason for the order to show later.
  const quiet = usePageQuiet();
  const usual = useQuery({ ...usualReadyQuery(orderNumber), enabled: !eta && quiet });
  return (
    <div className="flex items-start gap-3 rounded-md bg-emerald-50 p-3 dark:bg-emerald-950">
      <CalendarClock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-800 dark:text-emerald-300" />
      {eta ? (
        <div>
          <p className="text-sm font-medium">Estimated Delivery (For Whole Order)</p>
          <p className="font-semibold">{formatDate(eta, LONG_DATE)}</p>
        </div>
      ) : (
        <div>
          <p className="font-medium">Awaiting ETA From Manufacturer</p>
          {usual.data?.usuallyReadyBy && (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              Usually ready by {formatDate(usual.data.usuallyReadyBy, DATE)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The whole block is the link, so the number itself leads to the carrier's tracking page. */
function TrackingLink({ trackingNumber }: { trackingNumber: string }) {
  return (
    <a
      href={parcelforceUrl(trackingNumber)}
      target="_blank"
      rel="noopener noreferrer"
      className="flex flex-wrap items-center gap-3 rounded-md border border-gray-200 p-3 hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
    >
      <Truck aria-hidden="true" className="h-5 w-5 shrink-0" />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium">Tracking Number</span>
        <span className="block font-mono break-all">{trackingNumber}</span>
      </span>
      <span className="inline-flex w-full items-center gap-1 text-sm font-medium text-emerald-800 underline underline-offset-4 sm:w-auto dark:text-emerald-300">
        Track with Parcelforce
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
      </span>
    </a>
  );
}

/** `forAdmin` picks the back link; `specDocument` is the documents feature's section, composed in by the app. */
export function OrderDetailPage({
  forAdmin,
  specDocument,
}: {
  forAdmin: boolean;
  specDocument?: (items: readonly OrderItemView[]) => ReactNode;
}) {
  const { orderNumber = '' } = useParams();
  const order = useQuery(orderQuery(orderNumber));
  const items = useQuery({ ...orderItemsQuery(orderNumber), enabled: order.isSuccess });

  const back = forAdmin ? (
    <BackLink to="/admin/dashboard">Back to Admin Dashboard</BackLink>
  ) : (
    <BackLink to="/dashboard">Back to Orders</BackLink>
  );

  if (isUnavailableOffline(order)) return <NotAvailableOffline />;
  if (order.isPending) return <PageSpinner label="Loading order..." />;
  if (order.isError && order.data === undefined) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        {back}
        <Card>
          <CardBody className="flex flex-col items-center gap-2 py-12 text-center">
            <AlertCircle aria-hidden="true" className="h-10 w-10 text-red-600" />
            <h1 className="text-xl font-semibold">Order not found</h1>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              The order you're looking for doesn't exist or you don't have permission to view it.
            </p>
          </CardBody>
        </Card>
      </div>
    );
  }

  const data = order.data;
  const orderItems = items.data ?? data.items;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      {back}
      <Card>
        <CardBody className="flex flex-col gap-4">
          <div>
            <h1 className="text-2xl font-bold break-words">Order {data.orderNumber}</h1>
            <p className="wrap-anywhere text-gray-700 dark:text-gray-300">{data.customerName}</p>
            <p className="text-sm text-gray-700 dark:text-gray-300">Ordered on {formatDate(data.orderDate, DATE)}</p>
          </div>
          <DeliveryEstimate eta={data.eta} orderNumber={data.orderNumber} />
          {data.trackingNumber && <TrackingLink trackingNumber={data.trackingNumber} />}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Order Items" />
        <CardBody>
          <OrderItemList items={orderItems} />
        </CardBody>
      </Card>

      {specDocument?.(orderItems)}

      {data.customerNotes && (
        <Card>
          <CardHeader title="Customer Notes" />
          <CardBody>
            <p className="text-sm wrap-anywhere whitespace-pre-wrap">{data.customerNotes}</p>
          </CardBody>
        </Card>
      )}

      <OrderSummary order={data} />
      <OrderTimeline orderNumber={data.orderNumber} />
    </div>
  );
}
