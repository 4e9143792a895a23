import { placeOrderSchema } from '@ot/contracts/orders/order-commands.ts';
import { WrongExpectedVersionError } from '@ot/infra/event-store/event-store.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly } from '@ot/infra/http/session.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext, replyWithOrder } from '../../http/command-context.ts';
import { jsonBody } from '../../http/json-body.ts';
import { handleOrderCommand } from '../handle-order-command.ts';
import { allocateOrderNumber } from '../order-numbers.ts';
import { decidePlaceOrder } from './place-order.ts';

export function placeOrderRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/orders', adminOnly, jsonBody, async (ctx) => {
    const request = parse(placeOrderSchema, ctx.request.body);
    const context = commandContext(ctx, deps.clock());
    // A number taken by an imported order is skipped: the append expects no stream.
    for (let attempt = 1; ; attempt++) {
      const orderNumber = request.orderNumber ?? (await allocateOrderNumber(deps));
      try {
        const result = await handleOrderCommand(deps, {
          orderNumber,
          context,
          mustExist: false,
          decide: (state) =>
            decidePlaceOrder(
              {
                type: 'PlaceOrder',
                orderId: deps.newId(),
                orderNumber,
                itemIds: request.items.map(() => deps.newId()),
                request,
              },
              state,
            ),
        });
        await replyWithOrder(ctx, deps, result, 201);
        return;
      } catch (error) {
        const taken = error instanceof WrongExpectedVersionError || (error as { status?: number }).status === 409;
        if (!taken || request.orderNumber || attempt >= 20) throw error;
      }
    }
  });
}
