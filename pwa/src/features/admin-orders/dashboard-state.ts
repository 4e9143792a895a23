import { proxy } from 'valtio';
import { ALL_STATUSES } from '../../lib/order-filters.ts';
import { clearOnSessionChange } from '../../lib/session-ui-state.ts';

export type DashboardTab = 'active' | 'completed';

/** The admin dashboard's UI state; kept while the admin edits an order and comes back. */
const cleared = { search: '', status: ALL_STATUSES, tab: 'active' as DashboardTab };
export const adminFilters = proxy({ ...cleared });
clearOnSessionChange(() => {
  Object.assign(adminFilters, cleared);
});
