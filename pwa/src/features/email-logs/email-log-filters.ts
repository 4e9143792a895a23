import { DEFAULT_EMAIL_LOG_PAGE_SIZE } from '@ot/contracts/email/email-fields.ts';
import { proxy } from 'valtio';
import { clearOnSessionChange } from '../../lib/session-ui-state.ts';
import type { EmailEventFilters } from './api/email-log-queries.ts';

export type EmailLogsTab = 'events' | 'queue';

/** The email log screen's UI state: its filters, page and tab (kept while the admin looks elsewhere). */
type EmailLogsState = EmailEventFilters & { tab: EmailLogsTab };

const cleared: EmailLogsState = {
  orderNumber: '',
  recipient: '',
  deliveryStatus: 'all',
  page: 1,
  limit: DEFAULT_EMAIL_LOG_PAGE_SIZE,
  tab: 'events',
};
export const emailLogFilters = proxy<EmailLogsState>({ ...cleared });
clearOnSessionChange(() => {
  Object.assign(emailLogFilters, cleared);
});

/** Changing any filter resets the page to 1. */
export function setFilter<K extends 'orderNumber' | 'recipient' | 'deliveryStatus' | 'limit'>(
  key: K,
  value: EmailLogsState[K],
): void {
  emailLogFilters[key] = value;
  emailLogFilters.page = 1;
}
