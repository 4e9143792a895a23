import { compareForCustomer } from '@ot/contracts/orders/order-rules.ts';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Package } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { NotAvailableOffline } from '../../../components/offline-notice.tsx';
import { OrderFilterBar } from '../../../components/order-filter-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { matchesSearch, matchesStatus } from '../../../lib/order-filters.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { isUnavailableOffline } from '../../../lib/use-online.ts';
import { customerOrdersQuery } from '../api/order-queries.ts';
import { CUSTOMER_PAGE_SIZE, customerFilters, FILTER_DEBOUNCE_MS } from '../filters-state.ts';
import { OrderCard } from './order-card.tsx';

export function CustomerDashboardPage() {
  // The cards are the page's longest render: when the orders arrive after the first render (a store update,
  // otherwise rendered at once and in one piece) the skeleton stays until React has rendered them in a
  // transition, in slices of a few ms, so a phone's main thread is never blocked for long.
  const orders = useDeferredValue(useQuery(customerOrdersQuery()));
  const filters = useSnapshot(customerFilters);
  const search = useDebouncedValue(filters.search, FILTER_DEBOUNCE_MS);

  const visible = useMemo(
    () =>
      (orders.data ?? [])
        .filter((order) => matchesStatus(order, filters.status))
        .filter((order) => matchesSearch([order.orderNumber, ...order.items.map((item) => item.name)], search))
        .sort(compareForCustomer),
    [orders.data, filters.status, search],
  );

  const pages = Math.max(1, Math.ceil(visible.length / CUSTOMER_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const first = (page - 1) * CUSTOMER_PAGE_SIZE;
  const shown = visible.slice(first, first + CUSTOMER_PAGE_SIZE);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <DashboardHeader />
      <CustomerOrderFilters search={filters.search} status={filters.status} />
      {isUnavailableOffline(orders) ? (
        <NotAvailableOffline />
      ) : orders.isPending ? (
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading orders">
          {/* One skeleton per row, each the height of an order card. */}
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} testId="order-skeleton" className="h-52 w-full rounded-lg" />
          ))}
        </div>
      ) : orders.isError && orders.data === undefined ? (
        <EmptyState icon="error" title="Error loading orders" hint="Please try again later." />
      ) : shown.length === 0 ? (
        <EmptyState
          icon="empty"
          title="No orders found"
          hint={
            orders.data.length === 0
              ? "You haven't placed any orders yet."
              : "Try adjusting your search or filter to find what you're looking for."
          }
        />
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {shown.map((order) => (
              <li key={order.orderNumber}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <Pagination first={first} shown={shown.length} total={visible.length} page={page} pages={pages} />
        </>
      )}
    </div>
  );
}

/** The page's title and the customer's download of everything held about them. */
function DashboardHeader() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-2xl font-bold">Your Orders</h1>
      <Button
        variant="outline"
        // Its code is fetched on the click: the dashboard is on a phone's first visit.
        onClick={() => void import('../api/download-my-data.ts').then((m) => m.downloadMyData())}
      >
        Download my data
      </Button>
    </div>
  );
}

/** The search and status filters; changing either goes back to the first page, whose orders now differ. */
function CustomerOrderFilters({ search, status }: { search: string; status: string }) {
  return (
    <OrderFilterBar
      idPrefix="customer-orders"
      search={search}
      onSearchChange={(value) => {
        customerFilters.search = value;
        customerFilters.page = 1;
      }}
      status={status}
      onStatusChange={(value) => {
        customerFilters.status = value;
        customerFilters.page = 1;
      }}
    />
  );
}

interface PaginationProps {
  /** The index of the first order shown, how many are shown, and how many match. */
  first: number;
  shown: number;
  total: number;
  page: number;
  pages: number;
}

/** Which orders of how many are shown, and the way to the pages before and after. */
function Pagination({ first, shown, total, page, pages }: PaginationProps) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Showing {first + 1} to {first + shown} of {total} orders
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => {
            customerFilters.page = page - 1;
          }}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => {
            customerFilters.page = page + 1;
          }}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

function EmptyState({ icon, title, hint }: { icon: 'error' | 'empty'; title: string; hint: string }) {
  const Icon = icon === 'error' ? AlertCircle : Package;
  return (
    <Card>
      <CardBody className="flex flex-col items-center gap-2 py-12 text-center">
        <Icon aria-hidden="true" className={icon === 'error' ? 'h-10 w-10 text-red-600' : 'h-10 w-10 text-gray-500'} />
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-gray-700 dark:text-gray-300">{hint}</p>
      </CardBody>
    </Card>
  );
}
