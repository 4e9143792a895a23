import { z } from 'zod';
import { orderStatuses } from './item-status.ts';
import { orderViewSchema } from './order-views.ts';

/**
 * list-admin-orders, paged: `GET /api/admin/orders?tab=active|completed[&search=][&status=][&limit=][&cursor=]`
 * answers one page of one tab, newest first, the counts of both tabs for the same search and status,
 * and the cursor of the next page. Without any of these parameters the path keeps its original answer:
 * every order with its items.
 */
export const adminOrderTabs = ['active', 'completed'] as const;
export type AdminOrderTab = (typeof adminOrderTabs)[number];

export const ADMIN_ORDERS_PAGE_SIZE = 50;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 200;
export const ADMIN_ORDERS_SEARCH_MAX = 200;
/** The status filter's "no filter" value (the bar's 'All Statuses'). */
export const ALL_STATUSES = 'all';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const single = (value: unknown) => (Array.isArray(value) ? value[0] : value);

export const adminOrdersPageQuerySchema = z.object({
  tab: z.preprocess(single, z.enum(adminOrderTabs, { error: `tab must be one of ${adminOrderTabs.join(', ')}` })),
  search: z.preprocess(
    (value) => blankToUndefined(single(value)),
    z
      .string()
      .trim()
      .max(ADMIN_ORDERS_SEARCH_MAX, `search must be at most ${ADMIN_ORDERS_SEARCH_MAX} characters`)
      .optional(),
  ),
  status: z.preprocess((value) => {
    const text = blankToUndefined(single(value));
    return text === ALL_STATUSES ? undefined : text;
  }, z
    .enum(orderStatuses, { error: `status must be ${ALL_STATUSES} or one of ${orderStatuses.join(', ')}` })
    .optional()),
  limit: z.preprocess(
    (value) => blankToUndefined(single(value)),
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(ADMIN_ORDERS_MAX_PAGE_SIZE, `limit must be at most ${ADMIN_ORDERS_MAX_PAGE_SIZE}`)
      .default(ADMIN_ORDERS_PAGE_SIZE),
  ),
  cursor: z.preprocess((value) => blankToUndefined(single(value)), z.string().max(600, 'Invalid cursor').optional()),
});
export type AdminOrdersPageQuery = z.infer<typeof adminOrdersPageQuerySchema>;

/** One row of the dashboard's table: the columns it shows, from the read model's derived columns. */
export const adminOrderRowSchema = orderViewSchema.pick({
  id: true,
  orderNumber: true,
  customerName: true,
  customerEmail: true,
  orderDate: true,
  status: true,
  total: true,
  itemCount: true,
  adminStatus: true,
  complete: true,
  overdue: true,
  allEtasAdded: true,
  eta: true,
  version: true,
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrdersPageSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  counts: z.object({ active: z.number().int(), completed: z.number().int() }),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

/** The parameters that ask for the paged answer rather than the whole list. */
export const pagedListParameters = ['tab', 'search', 'status', 'limit', 'cursor'] as const;
