import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ChartColumn, FileUp, Mail, Plus, ShieldCheck, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { NotAvailableOffline } from '../../../../components/offline-notice.tsx';
import { OrderFilterBar } from '../../../../components/order-filter-bar.tsx';
import { LinkButton } from '../../../../components/ui/button.tsx';
import { Card, CardBody } from '../../../../components/ui/card.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { isUnavailableOffline } from '../../../../lib/use-online.ts';
import { adminOrdersPagesQuery, keepFirstPageOnly } from '../../api/admin-order-queries.ts';
import { adminFilters, type DashboardTab } from '../../dashboard-state.ts';
import { OrdersTable } from './orders-table.tsx';

const FILTER_DEBOUNCE_MS = 300;

/**
 * Asks for the first page of the list, with the filters as they are now (the page's own first query),
 * before the page renders (app/route-start.ts, at start on /admin/dashboard).
 */
export const prefetchAdminDashboard = (queryClient: QueryClient): Promise<void> =>
  queryClient.prefetchInfiniteQuery(
    adminOrdersPagesQuery({ tab: adminFilters.tab, search: adminFilters.search, status: adminFilters.status }),
  );

/** The two tabs, each with its count once the first page has come. */
function TabList({ counts }: { counts: { active: number; completed: number } | undefined }) {
  return (
    <Tabs.List aria-label="Orders" className="inline-flex rounded-md bg-gray-100 p-1 dark:bg-gray-800">
      {(
        [
          ['active', 'Active Orders', counts?.active],
          ['completed', 'Completed Orders', counts?.completed],
        ] as const
      ).map(([value, label, count]) => (
        <Tabs.Trigger
          key={value}
          value={value}
          className="rounded px-3 py-1.5 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm dark:text-gray-300 dark:data-[state=active]:bg-gray-950 dark:data-[state=active]:text-white"
        >
          {label} ({count ?? '…'})
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

/** The title and the buttons to the other staff screens (those that write only for an admin). */
function DashboardHeader({ testEmail, readOnly }: { testEmail?: ReactNode; readOnly: boolean }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">Admin Dashboard</h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">Manage customer orders, statuses and ETAs.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!readOnly && (
          <>
            <LinkButton to="/admin/add-order">
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add New Order
            </LinkButton>
            <LinkButton to="/admin/import" variant="outline">
              <FileUp aria-hidden="true" className="h-4 w-4" />
              Import Customer Data
            </LinkButton>
          </>
        )}
        <LinkButton to="/admin/email-logs" variant="outline">
          <Mail aria-hidden="true" className="h-4 w-4" />
          Email Logs
        </LinkButton>
        <LinkButton to="/admin/customers" variant="outline">
          <Users aria-hidden="true" className="h-4 w-4" />
          Customers
        </LinkButton>
        <LinkButton to="/admin/audit" variant="outline">
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          Audit
        </LinkButton>
        <LinkButton to="/admin/insights" variant="outline">
          <ChartColumn aria-hidden="true" className="h-4 w-4" />
          Insights
        </LinkButton>
        {!readOnly && testEmail}
      </div>
    </div>
  );
}

/**
 * The orders: the server filters, counts and pages them (newest first); rows load as the admin scrolls,
 * so the first rows come as fast with 100,000 orders as with ten.
 */
function OrdersView() {
  const filters = useSnapshot(adminFilters);
  const search = useDebouncedValue(filters.search, FILTER_DEBOUNCE_MS);
  const orders = useInfiniteQuery(adminOrdersPagesQuery({ tab: filters.tab, search, status: filters.status }));
  // The list the dashboard leaves keeps only its first page (see keepFirstPageOnly).
  const queryClient = useQueryClient();
  const { tab, status } = filters;
  useEffect(() => () => keepFirstPageOnly(queryClient, { tab, search, status }), [queryClient, tab, search, status]);
  const counts = orders.data?.pages[0]?.counts;
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  return (
    <>
      <OrderFilterBar
        idPrefix="admin-orders"
        search={filters.search}
        onSearchChange={(value) => {
          adminFilters.search = value;
        }}
        status={filters.status}
        onStatusChange={(value) => {
          adminFilters.status = value;
        }}
      />

      <Tabs.Root
        value={filters.tab}
        onValueChange={(value) => {
          adminFilters.tab = value as DashboardTab;
        }}
      >
        <TabList counts={counts} />
        {(['active', 'completed'] as const).map((tab) => (
          <Tabs.Content key={tab} value={tab} className="mt-4">
            {isUnavailableOffline(orders) ? (
              <NotAvailableOffline />
            ) : (
              <Card>
                {orders.isPending ? (
                  <CardBody className="flex flex-col gap-3" aria-busy="true">
                    {[0, 1, 2].map((row) => (
                      <Skeleton key={row} className="h-10 w-full" />
                    ))}
                  </CardBody>
                ) : orders.isError && orders.data === undefined ? (
                  <CardBody className="py-10 text-center">
                    <h2 className="text-lg font-semibold">Error loading orders</h2>
                    <p className="text-sm text-gray-700 dark:text-gray-300">Please try again later.</p>
                  </CardBody>
                ) : (
                  <OrdersTable
                    orders={rows}
                    total={(tab === 'active' ? counts?.active : counts?.completed) ?? rows.length}
                    emptyText={tab === 'active' ? 'No active orders found' : 'No completed orders found'}
                    hasMore={orders.hasNextPage}
                    loadingMore={orders.isFetchingNextPage}
                    onLoadMore={() => {
                      if (orders.hasNextPage && !orders.isFetchingNextPage) void orders.fetchNextPage();
                    }}
                  />
                )}
              </Card>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}

/** Whether the dashboard shows the attention list instead of the orders, and how to switch. */
export interface AttentionView {
  open: boolean;
  toggle: () => void;
}

/**
 * `testEmail` is the email feature's Test Email button and `attention` the insights feature's "Needs
 * attention" view (its button, and the list in place of the orders while it is open), both composed in
 * by the app; `readOnly` (an auditor) leaves out every button that writes.
 */
export function AdminDashboardPage({
  testEmail,
  attention,
  readOnly = false,
}: {
  testEmail?: ReactNode;
  attention?: (view: AttentionView) => ReactNode;
  readOnly?: boolean;
}) {
  // A staff push's tap opens the dashboard on the list (`?view=attention`). Read from the location
  // itself: react-router's useSearchParams would add to the first visit's framework chunk.
  const { search } = useLocation();
  const [attentionOpen, setAttentionOpen] = useState(() => new URLSearchParams(search).get('view') === 'attention');
  return (
    <div className="flex flex-col gap-5">
      <DashboardHeader readOnly={readOnly} testEmail={testEmail} />
      {attention?.({ open: attentionOpen, toggle: () => setAttentionOpen(!attentionOpen) })}
      {!attentionOpen && <OrdersView />}
    </div>
  );
}
