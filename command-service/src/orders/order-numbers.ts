import { formatOrderNumber } from '@ot/contracts/orders/order-rules.ts';
import type { CommandServiceDeps } from '../deps.ts';

/** The next number from the sequence; never handed out twice, even to two admins at once. */
export async function allocateOrderNumber(deps: Pick<CommandServiceDeps, 'pool' | 'config'>): Promise<string> {
  const { rows } = await deps.pool.query<{ n: string }>(`select nextval('es.order_number_seq') as n`);
  return formatOrderNumber(deps.config.ORDER_NUMBER_PREFIX, Number(rows[0]?.n));
}
