import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotAvailableOffline } from '../../../components/offline-notice.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { isUnavailableOffline } from '../../../lib/use-online.ts';
import { type AuditEvent, exportUrl, orderEventsQuery } from '../api/audit-queries.ts';
import type { ChangeKind } from '../format-change.ts';
import { HistoryEventList } from './history-events.tsx';
import { OrderAsOf } from './order-as-of.tsx';

/** The order's version at an event: its own version, or for an email's event the order's last before it. */
function orderVersionAt(events: readonly AuditEvent[], index: number, orderStream: string): number | null {
  for (let i = index; i >= 0; i--) {
    const event = events[i];
    if (event?.stream === orderStream) return event.version;
  }
  return null;
}

const linkClass =
  'inline-flex items-center gap-1 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 dark:border-gray-600 dark:hover:bg-gray-800';

/** The page's title, and the order's whole history to download. */
function HistoryHeader({ orderNumber }: { orderNumber: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold break-words">History of Order {orderNumber}</h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Every change, who made it and when. Select one to see the whole order as it stood then.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a className={linkClass} href={exportUrl('csv', { orderNumber })} download>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
        <a className={linkClass} href={exportUrl('ndjson', { orderNumber })} download>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export NDJSON
        </a>
      </div>
    </div>
  );
}

/** History of one order, for admins and auditors: every event, what it changed, and the order as of any of them. */
export function OrderHistoryPage() {
  const { orderNumber = '' } = useParams();
  const events = useQuery(orderEventsQuery(orderNumber));
  const [kind, setKind] = useState<ChangeKind | 'all'>('all');
  const [selected, setSelected] = useState<number | null>(null);
  const asOfPanel = useRef<HTMLDivElement>(null);
  // On a narrow screen the as-of view sits below the whole list: bring it into sight when one is chosen.
  useEffect(() => {
    if (selected !== null && !window.matchMedia('(min-width: 1024px)').matches)
      asOfPanel.current?.scrollIntoView({ block: 'start' });
  }, [selected]);

  const list = events.data ?? [];
  const orderStream = `order-${list[0]?.stream.startsWith('order-') ? list[0].stream.slice(6) : orderNumber}`;
  const itemNames = useMemo(() => {
    const placed = list.find((event) => event.type === 'OrderPlaced')?.data as
      | { items?: { id: string; name: string }[] }
      | undefined;
    return new Map((placed?.items ?? []).map((item) => [item.id, item.name]));
  }, [list]);

  const back = (
    <Link
      to={`/orders/${encodeURIComponent(orderNumber)}`}
      className="inline-flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Order
    </Link>
  );
  if (isUnavailableOffline(events)) return <NotAvailableOffline />;
  if (events.isPending) return <PageSpinner label="Loading history..." />;
  if (events.isError) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        {back}
        <Card>
          <CardBody className="py-12 text-center">
            <h1 className="text-xl font-semibold">Order not found</h1>
          </CardBody>
        </Card>
      </div>
    );
  }

  const chosen = selected === null ? null : list[selected];
  const chosenVersion = selected === null ? null : orderVersionAt(list, selected, orderStream);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      {back}
      <HistoryHeader orderNumber={orderNumber} />

      <div className="grid gap-4 lg:grid-cols-2">
        <HistoryEventList
          events={list}
          kind={kind}
          onKind={setKind}
          selected={selected}
          onSelect={setSelected}
          orderStream={orderStream}
          itemNames={itemNames}
        />
        <div ref={asOfPanel} className="scroll-mt-4">
          {chosen && chosenVersion !== null ? (
            <OrderAsOf orderNumber={orderNumber} version={chosenVersion} at={chosen.occurredAt} />
          ) : (
            <Card>
              <CardBody className="py-10 text-center text-sm">
                Select an event to see the order as it stood then.
              </CardBody>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
