import { itemNotFound } from '@ot/contracts/errors/domain-errors.ts';
import { delayNoticeWords, lateRow } from '@ot/contracts/insights/delay-notice.ts';
import type { DelayNoticePreview } from '@ot/contracts/insights/insights-views.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import { attentionSettingsOf, readAttention } from '@ot/infra/insights/read-attention.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';

/**
 * GET /api/admin/orders/{orderNumber}/items/{itemId}/delay-notice: the "taking longer than usual" email
 * as it would go now, for the admin to read before sending it (the send computes it again itself).
 */
export function delayNoticePreviewRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/orders/:orderNumber/items/:itemId/delay-notice', requireRole('admin'), async (ctx) => {
    const itemId = ctx.params.itemId ?? '';
    const { rows } = await deps.pool.query<{ customer_name: string; customer_email: string; order_number: string }>(
      `select o.customer_name, o.customer_email, o.order_number
         from rm.order_items i join rm.orders o on o.order_number = i.order_number
        where i.id = $1 and upper(o.order_number) = upper($2)`,
      [itemId, ctx.params.orderNumber ?? ''],
    );
    const order = rows[0];
    if (!order) throw itemNotFound();
    const { items } = await readAttention(deps.pool, deps.clock(), attentionSettingsOf(deps.config), {
      itemIds: [itemId],
    });
    const late = lateRow(items);
    const words = delayNoticeWords({
      customerName: order.customer_name,
      orderNumber: order.order_number,
      itemName: late.itemName,
      readyBy: late.predictedReadyDate,
      likelyBy: late.likelyBy,
      studioName: deps.config.STUDIO_NAME,
    });
    const body: DelayNoticePreview = {
      recipientEmail: order.customer_email,
      subject: words.subject,
      text: words.paragraphs.join('\n\n'),
      predictedReadyDate: late.predictedReadyDate,
      likelyBy: late.likelyBy,
      mode: deps.config.DELAY_NOTICES,
    };
    ctx.body = body;
  });
}
