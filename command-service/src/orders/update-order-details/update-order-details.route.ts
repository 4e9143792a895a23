import { updateOrderDetailsSchema } from '@ot/contracts/orders/order-commands.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { jsonBody } from '../../http/json-body.ts';
import { changeOrder } from '../change-order.ts';
import { notificationFor } from '../notification.ts';
import { decideUpdateOrderDetails } from './update-order-details.ts';

/** The edit form's save of the order's own fields (not its items). */
export function updateOrderDetailsRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.patch('/api/admin/orders/:orderNumber/status', adminOnly, jsonBody, async (ctx) => {
    const admin = requireAdmin(ctx);
    const changes = parse(updateOrderDetailsSchema, ctx.request.body);
    await changeOrder(ctx, deps, (state, context) =>
      decideUpdateOrderDetails(
        {
          type: 'UpdateOrderDetails',
          changes,
          notification: changes.notifyCustomer ? notificationFor(context, admin.username) : null,
        },
        state,
      ),
    );
  });
}
