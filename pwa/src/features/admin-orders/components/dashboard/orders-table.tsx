import type { AdminOrderRow } from '@ot/contracts/orders/admin-order-list.ts';
import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import { Check, Eye, History, Pencil, X } from 'lucide-react';
import { memo, useEffect, useRef } from 'react';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button, LinkButton } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { useAuth } from '../../../auth/auth-context.tsx';

const columns = ['Order ID', 'Customer', 'Date', 'Status', 'ALL ETAs ADDED', 'Total', 'Actions'];

interface OrdersTableProps {
  orders: readonly AdminOrderRow[];
  /** How many orders the tab holds (the rows are the pages loaded so far). */
  total: number;
  emptyText: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function OrdersTable({ orders, total, emptyText, hasMore, loadingMore, onLoadMore }: OrdersTableProps) {
  if (orders.length === 0) {
    return <p className="px-6 py-10 text-center text-gray-700 dark:text-gray-300">{emptyText}</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-700 uppercase dark:border-gray-800 dark:bg-gray-950 dark:text-gray-300">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <OrderRow key={order.orderNumber} order={order} />
          ))}
        </tbody>
      </table>
      <MoreRows shown={orders.length} total={total} hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
    </div>
  );
}

/** Loads the next page when the end of the table scrolls into view; the button does the same by hand. */
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
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    // A new observer per page (`shown`): it reports at once, so a sentinel still in view loads the next page.
    void shown;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  return (
    <div
      ref={sentinel}
      className="flex items-center justify-between gap-3 border-t border-gray-200 px-4 py-3 text-sm text-gray-700 dark:border-gray-800 dark:text-gray-300"
    >
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

/** Memoised: loading a page renders only its own rows, not every row already shown. */
const OrderRow = memo(function OrderRow({ order }: { order: AdminOrderRow }) {
  // An auditor reads every order and edits none.
  const canWrite = useAuth().user?.isAdmin === true;
  const path = encodeURIComponent(order.orderNumber);
  return (
    <tr
      className={cn(
        'border-b border-gray-200 last:border-0 dark:border-gray-800',
        order.complete && 'bg-green-50 dark:bg-green-950',
        order.overdue && 'bg-red-50 dark:bg-red-950',
      )}
    >
      {/* A plain cell, so the number is found as the table's cell (a row header's role is rowheader). */}
      <td className="px-4 py-3 font-semibold whitespace-nowrap">{order.orderNumber}</td>
      <td className="px-4 py-3">
        <div className="font-medium">{order.customerName}</div>
        <div className="text-xs text-gray-700 dark:text-gray-300">{order.customerEmail}</div>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">{formatDate(order.orderDate)}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          <span>{statusLabel(order.adminStatus)}</span>
          {order.complete && (
            <Badge className="bg-green-700 text-white dark:bg-green-700 dark:text-white">COMPLETE</Badge>
          )}
          {order.overdue && <Badge className="bg-red-700 text-white dark:bg-red-700 dark:text-white">OVERDUE</Badge>}
        </div>
      </td>
      <td className="px-4 py-3">
        {order.allEtasAdded ? (
          <Check role="img" aria-label="All ETAs added" className="h-5 w-5 text-green-700 dark:text-green-400" />
        ) : (
          <X role="img" aria-label="ETAs missing" className="h-5 w-5 text-red-700 dark:text-red-400" />
        )}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">{formatMoney(order.total)}</td>
      <td className="px-4 py-3">
        <div className="flex gap-2">
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
