import { Conflict } from '@ot/contracts/errors/domain-errors.ts';
import { adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import { attentionSettingsOf, readAttention } from '@ot/infra/insights/read-attention.ts';
import { commandDerivedId } from '../../commands/handle-command.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { changeOrder } from '../change-order.ts';
import { decideSendDelayNotice } from './send-delay-notice.ts';

/** POST /api/admin/orders/{orderNumber}/items/{itemId}/delay-notice: tell the customer, with today's estimate. */
export function sendDelayNoticeRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/orders/:orderNumber/items/:itemId/delay-notice', adminOnly, async (ctx) => {
    const admin = requireAdmin(ctx);
    if (deps.config.DELAY_NOTICES === 'off') {
      throw new Conflict('Delay notices are turned off (DELAY_NOTICES=off)', 'DELAY_NOTICES_OFF');
    }
    const itemId = ctx.params.itemId ?? '';
    const { items } = await readAttention(deps.pool, deps.clock(), attentionSettingsOf(deps.config), {
      itemIds: [itemId],
    });
    await changeOrder(ctx, deps, (state, context) =>
      decideSendDelayNotice(
        {
          type: 'SendDelayNotice',
          itemId,
          notificationId: commandDerivedId(context, 'notification'),
          requestedBy: admin.username,
          studioName: deps.config.STUDIO_NAME,
          flagged: items,
        },
        state,
      ),
    );
  });
}
