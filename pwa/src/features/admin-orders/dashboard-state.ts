import { proxy } from 'valtio';
import { ALL_STATUSES } from '../../lib/order-filters.ts';

export type DashboardTab = 'active' | 'completed';

/** The admin dashboard's UI state; kept while the admin edits an order and comes back. */
export const adminFilters = proxy({ search: '', status: ALL_STATUSES, tab: 'active' as DashboardTab });
