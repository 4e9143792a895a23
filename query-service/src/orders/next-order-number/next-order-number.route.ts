import { formatOrderNumber } from '@ot/contracts/orders/order-rules.ts';
import { adminOnly } from '@ot/infra/http/session.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';

/** A preview of the number the next added order will most likely get (the sequence decides at write time). */
export function nextOrderNumberRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/next-order-number', adminOnly, async (ctx) => {
    const { rows } = await deps.pool.query<{ next: string }>(
      `select case when is_called then last_value + 1 else last_value end as next from es.order_number_seq`,
    );
    ctx.body = { nextOrderNumber: formatOrderNumber(deps.config.ORDER_NUMBER_PREFIX, Number(rows[0]?.next ?? 1)) };
  });
}
