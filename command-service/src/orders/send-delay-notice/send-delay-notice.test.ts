import { Conflict, NotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { AttentionItem } from '@ot/contracts/insights/insights-views.ts';
import { test } from 'uvu';
import { given, IRONS_ID, orderPlaced } from '../testing/given-when-then.ts';
import { decideSendDelayNotice, type SendDelayNotice } from './send-delay-notice.ts';

const row = (flag: AttentionItem['flag'], predictedReadyDate: string | null): AttentionItem => ({
  orderNumber: 'EP-0001',
  itemId: IRONS_ID,
  itemName: 'Irons',
  manufacturer: 'Mizuno',
  status: 'order_placed_with_manufacturer',
  flag,
  reason: 'r',
  estimatedDelivery: null,
  predictedStageEnd: predictedReadyDate,
  predictedReadyDate,
  likelyBy: '2026-07-01',
  daysInStage: 27,
});

const notice = (flagged: AttentionItem[], itemId = IRONS_ID): SendDelayNotice => ({
  type: 'SendDelayNotice',
  itemId,
  notificationId: 'n-1',
  requestedBy: 'studio',
  studioName: 'Elite Performance Golf',
  flagged,
});

test('an item trending late gets a delay notice with the estimate the server computed', () => {
  const placed = orderPlaced();
  const data = placed.type === 'OrderPlaced' ? placed.data : null;
  given(placed)
    .when(decideSendDelayNotice, notice([row('stuck', '2026-06-20'), row('trending_late', '2026-06-25')]))
    .thenAppends([
      {
        type: 'CustomerNotificationRequested',
        data: {
          notificationId: 'n-1',
          recipientEmail: data?.customerEmail ?? '',
          emailType: 'delay_notice',
          subject: `Taking longer than usual: your Irons (order ${data?.orderNumber})`,
          requestedBy: 'studio',
          delay: { itemId: IRONS_ID, itemName: 'Irons', readyBy: '2026-06-25', likelyBy: '2026-07-01' },
        },
      },
    ]);
});

test('an item that is only stuck, or late without an estimate, is not running late', () => {
  given(orderPlaced())
    .when(decideSendDelayNotice, notice([row('stuck', '2026-06-20')]))
    .thenFails(Conflict, 'This item is not running late: there is no new estimate to tell the customer');
  given(orderPlaced())
    .when(decideSendDelayNotice, notice([row('overdue', null)]))
    .thenFails(Conflict, 'This item is not running late: there is no new estimate to tell the customer');
});

test('an unknown item or order gets its not found', () => {
  given(orderPlaced()).when(decideSendDelayNotice, notice([], 'nope')).thenFails(NotFound, 'Item not found');
  given().when(decideSendDelayNotice, notice([])).thenFails(NotFound, 'Order not found');
});

test.run();
