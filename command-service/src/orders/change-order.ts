import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import type { OrderState } from '@ot/contracts/orders/order-state.ts';
import type { AppContext } from '@ot/infra/http/session.ts';
import type { CommandServiceDeps } from '../deps.ts';
import { commandContext, ifMatchVersion, replyWithOrder } from '../http/command-context.ts';
import { handleOrderCommand } from './handle-order-command.ts';
import { orderStream, resolveOrderNumber } from './order.ts';
import { knownOrders } from './order-cache.ts';

/**
 * The pipeline of an edit to the order the URL names (`:orderNumber`, in any case): the client's
 * `If-Match` honoured, the decider run on the order as it stands, the order as it then stands answered.
 */
export async function changeOrder(
  ctx: AppContext,
  deps: CommandServiceDeps,
  decide: (state: OrderState, context: CommandContext) => OrderEvent[],
): Promise<void> {
  const context = commandContext(ctx, deps);
  const named = (ctx.params.orderNumber ?? '').trim();
  const result = await handleOrderCommand(deps, {
    // An order this process holds is known by exactly that number: no need to look for it.
    orderNumber: knownOrders(deps.store).has(orderStream(named)) ? named : await resolveOrderNumber(deps, named),
    context,
    ifMatch: ifMatchVersion(ctx),
    decide: (state) => decide(state, context),
  });
  replyWithOrder(ctx, deps, result);
}
