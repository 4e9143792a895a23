import { MAX_DELIVERY_ATTEMPTS } from '@ot/contracts/email/email-fields.ts';
import type { RetryQueue } from '@ot/contracts/email/email-views.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { DATE_TIME, formatDate } from '../../../lib/format.ts';

/** The Retry Queue tab: emails that failed and wait for their next automatic attempt. */
export function RetryQueueList({ queue }: { queue: RetryQueue }) {
  return (
    <div>
      <h2 className="border-b border-gray-200 px-4 py-3 text-sm font-semibold sm:px-6 dark:border-gray-800">
        Email Retry Queue - Emails that failed delivery and are scheduled for automatic retry
      </h2>
      {queue.emails.length === 0 ? (
        <p className="px-4 py-10 text-center text-gray-700 sm:px-6 dark:text-gray-300">
          No emails in retry queue - All emails have been delivered successfully or have exceeded maximum retry
          attempts.
        </p>
      ) : (
        <ul aria-label="Retry queue" className="divide-y divide-gray-200 dark:divide-gray-800">
          {queue.emails.map((email) => (
            <li key={email.id} className="flex flex-col gap-1 px-4 py-4 sm:px-6">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{email.orderNumber ?? 'Test email'}</span>
                <Badge tone="amber">
                  Attempt {email.retryCount + 1}/{MAX_DELIVERY_ATTEMPTS}
                </Badge>
              </div>
              <p className="break-all text-sm">{email.recipientEmail}</p>
              <p className="text-xs text-gray-600 dark:text-gray-400">
                Next retry: <time dateTime={email.nextAttempt}>{formatDate(email.nextAttempt, DATE_TIME)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
