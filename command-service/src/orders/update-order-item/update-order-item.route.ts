import { updateOrderItemSchema } from '@ot/contracts/orders/order-commands.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import { commandDerivedId } from '../../commands/handle-command.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext, ifMatchVersion, replyWithOrder } from '../../http/command-context.ts';
import { jsonBody } from '../../http/json-body.ts';
import { handleOrderCommand } from '../handle-order-command.ts';
import { resolveOrderNumber } from '../order.ts';
import { decideUpdateOrderItem } from './update-order-item.ts';

/** `x-send-email: true` asks for the customer to be told (the PWA sets it on the last item call of a save). */
const wantsEmail = (header: string) => header.trim().toLowerCase() === 'true';

export function updateOrderItemRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.patch('/api/admin/orders/:orderNumber/items/:itemId', adminOnly, jsonBody, async (ctx) => {
    const admin = requireAdmin(ctx);
    const changes = parse(updateOrderItemSchema, ctx.request.body);
    const context = commandContext(ctx, deps);
    const result = await handleOrderCommand(deps, {
      orderNumber: await resolveOrderNumber(deps, ctx.params.orderNumber ?? ''),
      context,
      ifMatch: ifMatchVersion(ctx),
      decide: (state) =>
        decideUpdateOrderItem(
          {
            type: 'UpdateOrderItem',
            itemId: ctx.params.itemId ?? '',
            changes,
            notification: wantsEmail(ctx.get('x-send-email'))
              ? { notificationId: commandDerivedId(context, 'notification'), requestedBy: admin.username }
              : null,
          },
          state,
        ),
    });
    replyWithOrder(ctx, deps, result);
  });
}
