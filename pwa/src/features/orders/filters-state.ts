import { proxy } from 'valtio';
import { ALL_STATUSES } from '../../lib/order-filters.ts';
import { clearOnSessionChange } from '../../lib/session-ui-state.ts';

const cleared = { search: '', status: ALL_STATUSES, page: 1 };

/** The customer list's UI state; kept while the customer opens an order and comes back. */
export const customerFilters = proxy({ ...cleared });

/** The next person to sign in on this device starts with a clear list. */
clearOnSessionChange(() => {
  Object.assign(customerFilters, cleared);
});

export const CUSTOMER_PAGE_SIZE = 10;
export const FILTER_DEBOUNCE_MS = 300;
