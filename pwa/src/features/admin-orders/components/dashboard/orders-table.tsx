import type { AdminOrderRow } from '@ot/contracts/orders/admin-order-list.ts';
import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Check, Eye, History, Pencil, X } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button, LinkButton } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { useAuth } from '../../../auth/auth-context.tsx';

const columns = ['Order ID', 'Customer', 'Date', 'Status', 'ALL ETAs ADDED', 'Total', 'Actions'];

/** A row's height before it is measured (two lines of customer, the action buttons). */
const ROW_ESTIMATE_PX = 69;
/** Rows rendered beyond each edge of the window, so a quick scroll shows no blank. */
const OVERSCAN = 8;
/** The next page loads when the last rendered row comes this close to the last row loaded. */
const LOAD_AHEAD = 25;

interface OrdersTableProps {
  orders: readonly AdminOrderRow[];
  /** How many orders the tab holds (the rows are the pages loaded so far). */
  total: number;
  emptyText: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * On a phone (below md) each row is a card, no wider than the screen: the header row is left to assistive
 * technology, and each cell says what it holds. Virtualised on the window's scroll: only the rows in view (and a few either side) are in the DOM, so
 * a search after thousands of loaded rows renders as fast as after one page. The table keeps its
 * semantics: `aria-rowcount` tells how many rows the tab has, each row its `aria-rowindex`; the space of
 * the rows not rendered is held by two hidden spacer rows. The next page loads as the admin scrolls near
 * the end of the rows loaded.
 */
export function OrdersTable({ orders, total, emptyText, hasMore, loadingMore, onLoadMore }: OrdersTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the rows start on the page: the virtualiser counts the window's scroll from there.
  useLayoutEffect(() => {
    const element = body.current;
    if (element) setScrollMargin(Math.round(element.getBoundingClientRect().top + window.scrollY));
  });
  const virtualizer = useWindowVirtualizer({
    count: orders.length,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => orders[index]?.orderNumber ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= orders.length - LOAD_AHEAD) load.current();
  }, [hasMore, loadingMore, lastShown, orders.length]);

  if (orders.length === 0) {
    return <p className="px-6 py-10 text-center text-gray-700 dark:text-gray-300">{emptyText}</p>;
  }
  const first = items[0];
  const last = items.at(-1);
  const above = first ? first.start - scrollMargin : 0;
  const below = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm max-md:block" aria-rowcount={Math.max(total, orders.length) + 1}>
        <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-700 uppercase max-md:sr-only dark:border-gray-800 dark:bg-gray-950 dark:text-gray-300">
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body} className="max-md:block">
          {above > 0 && <Spacer height={above} />}
          {items.map((item) => {
            const order = orders[item.index];
            return order ? (
              <OrderRow
                key={item.key}
                order={order}
                index={item.index}
                measure={virtualizer.measureElement}
                last={item.index === orders.length - 1}
              />
            ) : null;
          })}
          {below > 0 && <Spacer height={below} />}
        </tbody>
      </table>
      <MoreRows shown={orders.length} total={total} hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
    </div>
  );
}

/** Holds the height of the rows not rendered; hidden from assistive technology (not a row of orders). */
function Spacer({ height }: { height: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty cell, nothing in it takes focus.
    <tr aria-hidden="true" className="max-md:block">
      <td colSpan={columns.length} className="max-md:block" style={{ height, padding: 0 }} />
    </tr>
  );
}

/** How many rows are loaded; the button loads the next page by hand (keyboard, or a very tall window). */
function MoreRows({
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3 border-t border-gray-200 px-4 py-3 text-sm text-gray-700 dark:border-gray-800 dark:text-gray-300">
      <span aria-live="polite">
        Showing {shown} of {Math.max(total, shown)} orders
      </span>
      {hasMore && (
        <Button variant="outline" size="sm" onClick={onLoadMore} disabled={loading}>
          {loading ? 'Loading…' : 'Load more orders'}
        </Button>
      )}
    </div>
  );
}

/** Memoised: scrolling renders only the rows coming into view, not every row already shown. */
const OrderRow = memo(function OrderRow({
  order,
  index,
  measure,
  last,
}: {
  order: AdminOrderRow;
  index: number;
  /** The virtualiser's measuring ref: rows are as tall as their content. */
  measure: (element: HTMLTableRowElement | null) => void;
  last: boolean;
}) {
  // An auditor reads every order and edits none.
  const canWrite = useAuth().user?.isAdmin === true;
  const path = encodeURIComponent(order.orderNumber);
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      data-testid="order-row"
      className={cn(
        'border-b border-gray-200 dark:border-gray-800',
        'max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-2 max-md:px-4 max-md:py-4',
        last && 'border-0',
        order.complete && 'bg-green-50 dark:bg-green-950',
        order.overdue && 'bg-red-50 dark:bg-red-950',
      )}
    >
      {/* A plain cell, so the number is found as the table's cell (a row header's role is rowheader). */}
      <td className="px-4 py-3 font-semibold whitespace-nowrap max-md:p-0 max-md:text-base">{order.orderNumber}</td>
      <td className="px-4 py-3 max-md:col-span-2 max-md:row-start-2 max-md:p-0">
        <div className="font-medium">{order.customerName}</div>
        <div className="text-xs break-all text-gray-700 dark:text-gray-300">{order.customerEmail}</div>
      </td>
      <td className="px-4 py-3 whitespace-nowrap max-md:p-0 max-md:text-right">{formatDate(order.orderDate)}</td>
      <td className="px-4 py-3 max-md:p-0">
        <CardLabel>Status</CardLabel>
        <div className="flex flex-wrap items-center gap-2">
          <span>{statusLabel(order.adminStatus)}</span>
          {order.complete && (
            <Badge className="bg-green-700 text-white dark:bg-green-700 dark:text-white">COMPLETE</Badge>
          )}
          {order.overdue && <Badge className="bg-red-700 text-white dark:bg-red-700 dark:text-white">OVERDUE</Badge>}
        </div>
      </td>
      <td className="px-4 py-3 max-md:p-0">
        <CardLabel>ALL ETAs ADDED</CardLabel>
        {order.allEtasAdded ? (
          <Check role="img" aria-label="All ETAs added" className="h-5 w-5 text-green-700 dark:text-green-400" />
        ) : (
          <X role="img" aria-label="ETAs missing" className="h-5 w-5 text-red-700 dark:text-red-400" />
        )}
      </td>
      <td className="px-4 py-3 whitespace-nowrap max-md:p-0">
        <CardLabel>Total</CardLabel>
        {formatMoney(order.total)}
      </td>
      <td className="px-4 py-3 max-md:col-span-2 max-md:p-0">
        <div className="flex flex-wrap gap-2">
          {canWrite && (
            <LinkButton to={`/admin/edit-order/${path}`} variant="outline" size="sm">
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </LinkButton>
          )}
          <LinkButton to={`/orders/${path}`} variant="ghost" size="sm">
            <Eye aria-hidden="true" className="h-4 w-4" />
            View
          </LinkButton>
          <LinkButton to={`/admin/orders/${path}/history`} variant="ghost" size="sm">
            <History aria-hidden="true" className="h-4 w-4" />
            History
          </LinkButton>
        </div>
      </td>
    </tr>
  );
});

/** What a cell holds, said on a phone's card, where the header row is not shown. */
function CardLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs font-semibold text-gray-600 md:hidden dark:text-gray-400">
      {children}
    </span>
  );
}
