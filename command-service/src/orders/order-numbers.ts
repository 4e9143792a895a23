import { Conflict } from '@ot/contracts/errors/domain-errors.ts';
import { formatOrderNumber } from '@ot/contracts/orders/order-rules.ts';
import { WrongExpectedVersionError } from '@ot/infra/event-store/event-store.ts';
import type { CommandServiceDeps } from '../deps.ts';

/** The next number from the sequence; never handed out twice, even to two admins at once. */
export async function allocateOrderNumber(deps: Pick<CommandServiceDeps, 'pool' | 'config'>): Promise<string> {
  const { rows } = await deps.pool.query<{ n: string }>(`select nextval('es.order_number_seq') as n`);
  return formatOrderNumber(deps.config.ORDER_NUMBER_PREFIX, Number(rows[0]?.n));
}

/** The number was taken meanwhile (by an import, or by a racing add): the stream already exists. */
export const isOrderNumberTaken = (error: unknown): boolean =>
  error instanceof WrongExpectedVersionError || (error instanceof Conflict && error.code === 'ORDER_EXISTS');
