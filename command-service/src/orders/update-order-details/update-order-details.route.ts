import { updateOrderDetailsSchema } from '@ot/contracts/orders/order-commands.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import { commandDerivedId } from '../../commands/handle-command.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext, ifMatchVersion, replyWithOrder } from '../../http/command-context.ts';
import { jsonBody } from '../../http/json-body.ts';
import { handleOrderCommand } from '../handle-order-command.ts';
import { resolveOrderNumber } from '../order.ts';
import { decideUpdateOrderDetails } from './update-order-details.ts';

/** The edit form's save of the order's own fields (not its items). */
export function updateOrderDetailsRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.patch('/api/admin/orders/:orderNumber/status', adminOnly, jsonBody, async (ctx) => {
    const admin = requireAdmin(ctx);
    const changes = parse(updateOrderDetailsSchema, ctx.request.body);
    const context = commandContext(ctx, deps);
    const result = await handleOrderCommand(deps, {
      orderNumber: await resolveOrderNumber(deps, ctx.params.orderNumber ?? ''),
      context,
      ifMatch: ifMatchVersion(ctx),
      decide: (state) =>
        decideUpdateOrderDetails(
          {
            type: 'UpdateOrderDetails',
            changes,
            notification: changes.notifyCustomer
              ? { notificationId: commandDerivedId(context, 'notification'), requestedBy: admin.username }
              : null,
          },
          state,
        ),
    });
    replyWithOrder(ctx, deps, result);
  });
}
