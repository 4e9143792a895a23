import type { EmailCommandResponse, EmailEventsPage, EmailEventView } from '@ot/contracts/email/email-views.ts';
import { useMutation } from '@tanstack/react-query';
import { RefreshCw, Send } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DATE_TIME, formatDate } from '../../../lib/format.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { emailMutationKeys } from '../api/email-mutations.ts';
import { deliveryStatusTone } from '../delivery-status.ts';
import { emailLogFilters } from '../email-log-filters.ts';
import { toastOutcome } from './outcome-toast.ts';

const orderLabel = (event: Pick<EmailEventView, 'orderNumber' | 'emailType'>) =>
  event.orderNumber ?? (event.emailType === 'test' ? 'Test email' : 'No order');

/** Before a resend the browser asks first, showing order, recipient and subject. */
const confirmResend = (event: EmailEventView) =>
  window.confirm(
    [
      `Resend email for order ${orderLabel(event)}?`,
      '',
      `Recipient: ${event.recipientEmail}`,
      `Subject: ${event.subject ?? '(no subject)'}`,
      '',
      'This will send a new email with the same content.',
    ].join('\n'),
  );

function EventRow({ event }: { event: EmailEventView }) {
  // An auditor reads the log and changes nothing.
  const canWrite = useAuth().user?.isAdmin === true;
  // The logs refresh from the defaults' onSuccess (email-mutation-defaults.ts); the outcome is told on settling.
  const retry = useMutation<EmailCommandResponse, Error, string>({
    mutationKey: emailMutationKeys.retry,
    onSettled: toastOutcome({
      success: () => ({ title: 'Email Retry Successful', description: 'The email has been resent successfully.' }),
      failure: 'Email Retry Failed',
      fallback: (error) => error.message || 'Failed to resend email.',
    }),
  });
  const resend = useMutation<EmailCommandResponse, Error, string>({
    mutationKey: emailMutationKeys.resend,
    onSettled: toastOutcome({
      success: ({ orderNumber }: EmailCommandResponse) => ({
        title: 'Email Resent Successfully',
        description: orderNumber ? `Email for order ${orderNumber} has been resent.` : 'The email has been resent.',
      }),
      failure: 'Email Resend Failed',
      fallback: () => 'Failed to resend email.',
    }),
  });

  const onRetry = () => retry.mutate(event.id);

  const onResend = () => {
    if (confirmResend(event)) resend.mutate(event.id);
  };

  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{orderLabel(event)}</span>
          <Badge tone={deliveryStatusTone[event.deliveryStatus]}>{event.deliveryStatus}</Badge>
        </div>
        <p className="mt-1 break-all text-sm">{event.recipientEmail}</p>
        {event.subject && <p className="text-sm text-gray-700 dark:text-gray-300">{event.subject}</p>}
        <p className="text-xs text-gray-600 dark:text-gray-400">
          <time dateTime={event.sentAt}>{formatDate(event.sentAt, DATE_TIME)}</time>
          {event.adminUser && <span> by {event.adminUser}</span>}
        </p>
        {event.notes && <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{event.notes}</p>}
      </div>
      <div className="flex shrink-0 gap-2">
        {canWrite && event.deliveryStatus === 'failed' && (
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retry.isPending}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Retry
          </Button>
        )}
        {canWrite && (
          <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending}>
            <Send aria-hidden="true" className="h-4 w-4" />
            Resend
          </Button>
        )}
      </div>
    </li>
  );
}

/** The Email Events tab: 'Showing x-y of total events', the events, and paging when there is more than one page. */
export function EmailEventsList({ page }: { page: EmailEventsPage }) {
  const { events, pagination } = page;
  if (events.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-gray-700 sm:px-6 dark:text-gray-300">
        No email events found matching your criteria.
      </p>
    );
  }
  const first = (pagination.page - 1) * pagination.limit + 1;
  const last = first + events.length - 1;
  return (
    <div>
      <p className="border-b border-gray-200 px-4 py-3 text-sm text-gray-700 sm:px-6 dark:border-gray-800 dark:text-gray-300">
        Showing {first}-{last} of {pagination.total} events
      </p>
      <ul aria-label="Email events" className="divide-y divide-gray-200 dark:divide-gray-800">
        {events.map((event) => (
          <EventRow key={event.id} event={event} />
        ))}
      </ul>
      {pagination.totalPages > 1 && (
        <nav
          aria-label="Email events pages"
          className="flex items-center justify-between gap-2 border-t border-gray-200 px-4 py-3 sm:px-6 dark:border-gray-800"
        >
          <Button
            variant="outline"
            size="sm"
            disabled={!pagination.hasPrev}
            onClick={() => {
              emailLogFilters.page = pagination.page - 1;
            }}
          >
            Previous
          </Button>
          <span className="text-sm">
            Page {pagination.page} of {pagination.totalPages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={!pagination.hasNext}
            onClick={() => {
              emailLogFilters.page = pagination.page + 1;
            }}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
