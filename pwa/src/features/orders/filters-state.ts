import { proxy } from 'valtio';
import { ALL_STATUSES } from '../../lib/order-filters.ts';

/** The customer list's UI state; kept while the customer opens an order and comes back. */
export const customerFilters = proxy({ search: '', status: ALL_STATUSES, page: 1 });

export const CUSTOMER_PAGE_SIZE = 10;
export const FILTER_DEBOUNCE_MS = 300;
