import { updateOrderItemSchema } from '@ot/contracts/orders/order-commands.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { jsonBody } from '../../http/json-body.ts';
import { changeOrder } from '../change-order.ts';
import { notificationFor } from '../notification.ts';
import { decideUpdateOrderItem } from './update-order-item.ts';

/** `x-send-email: true` asks for the customer to be told (the PWA sets it on the last item call of a save). */
const wantsEmail = (header: string) => header.trim().toLowerCase() === 'true';

export function updateOrderItemRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.patch('/api/admin/orders/:orderNumber/items/:itemId', adminOnly, jsonBody, async (ctx) => {
    const admin = requireAdmin(ctx);
    const changes = parse(updateOrderItemSchema, ctx.request.body);
    const notify = wantsEmail(ctx.get('x-send-email'));
    await changeOrder(ctx, deps, (state, context) =>
      decideUpdateOrderItem(
        {
          type: 'UpdateOrderItem',
          itemId: ctx.params.itemId ?? '',
          changes,
          notification: notify ? notificationFor(context, admin.username) : null,
        },
        state,
      ),
    );
  });
}
