import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { NotAvailableOffline } from '../../components/offline-notice.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { isUnavailableOffline } from '../../lib/use-online.ts';
import './api/email-mutation-defaults.ts';
import { emailEventsQuery, emailStatsQuery, retryQueueQuery } from './api/email-log-queries.ts';
import { EmailEventsList } from './components/email-events-list.tsx';
import { EmailFilters } from './components/email-filters.tsx';
import { EmailStatsCards } from './components/email-stats-cards.tsx';
import { RetryQueueList } from './components/retry-queue-list.tsx';
import { type EmailLogsTab, emailLogFilters } from './email-log-filters.ts';

const FILTER_DEBOUNCE_MS = 300;

/** A destructive toast each time a query fails. */
function useFailureToast(query: { isError: boolean; errorUpdatedAt: number }, description: string) {
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast({ title: 'Error', description, variant: 'destructive' });
  }, [failedAt, description]);
}

/** A tab's card: the list once its query has data, else the failure line, else skeleton rows (or, offline, why not). */
function QueryCard<T>({
  query,
  failure,
  children,
}: {
  query: { data: T | undefined; isError: boolean; isPending: boolean; fetchStatus: string };
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (isUnavailableOffline(query)) return <NotAvailableOffline />;
  return (
    <Card>
      {query.data ? (
        children(query.data)
      ) : query.isError ? (
        <CardBody className="py-10 text-center text-gray-700 dark:text-gray-300">{failure}</CardBody>
      ) : (
        <CardBody className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-16 w-full" />
          ))}
        </CardBody>
      )}
    </Card>
  );
}

const tabClass =
  'inline-flex items-center gap-2 rounded px-3 py-1.5 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm dark:text-gray-300 dark:data-[state=active]:bg-gray-950 dark:data-[state=active]:text-white';

/** /admin/email-logs: delivery statistics, the email event log with its filters, and the retry queue. */
export function EmailLogsPage() {
  const filters = useSnapshot(emailLogFilters);
  const orderNumber = useDebouncedValue(filters.orderNumber, FILTER_DEBOUNCE_MS);
  const recipient = useDebouncedValue(filters.recipient, FILTER_DEBOUNCE_MS);
  const events = useQuery(
    emailEventsQuery({
      orderNumber,
      recipient,
      deliveryStatus: filters.deliveryStatus,
      page: filters.page,
      limit: filters.limit,
    }),
  );
  const stats = useQuery(emailStatsQuery());
  const queue = useQuery(retryQueueQuery());
  useFailureToast(events, 'Failed to fetch email events');
  useFailureToast(stats, 'Failed to fetch email stats');
  useFailureToast(queue, 'Failed to fetch retry queue');
  const queueSize = queue.data?.queueSize ?? 0;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Email Event Logs</h1>
          <p className="text-sm text-gray-700 dark:text-gray-300">Monitor email delivery and troubleshoot issues</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Refresh Queue
          </Button>
          <Button
            variant="outline"
            onClick={async () => {
              await events.refetch();
              await stats.refetch();
            }}
            disabled={events.isFetching}
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Refresh Logs
          </Button>
        </div>
      </div>

      {stats.data && <EmailStatsCards stats={stats.data} />}

      <EmailFilters />

      <Tabs.Root
        value={filters.tab}
        onValueChange={(value) => {
          emailLogFilters.tab = value as EmailLogsTab;
        }}
      >
        <Tabs.List aria-label="Email logs" className="inline-flex rounded-md bg-gray-100 p-1 dark:bg-gray-800">
          <Tabs.Trigger value="events" className={tabClass}>
            Email Events
          </Tabs.Trigger>
          <Tabs.Trigger value="queue" className={tabClass}>
            Retry Queue
            {queueSize > 0 && <Badge tone="red">{queueSize}</Badge>}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="events" className="mt-4">
          <QueryCard query={events} failure="Failed to fetch email events">
            {(page) => <EmailEventsList page={page} />}
          </QueryCard>
        </Tabs.Content>
        <Tabs.Content value="queue" className="mt-4">
          <QueryCard query={queue} failure="Failed to fetch retry queue">
            {(data) => <RetryQueueList queue={data} />}
          </QueryCard>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
