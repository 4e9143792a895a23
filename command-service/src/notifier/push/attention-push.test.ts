import type { AttentionFlag } from '@ot/contracts/insights/attention.ts';
import type { AttentionItem } from '@ot/contracts/insights/insights-views.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { attentionRequest, composeAttentionPush, enteredSince, sameSeen, seenNow } from './attention-push.ts';

const studio = { name: 'Elite Performance Golf', publicUrl: 'https://track.example.test/' };

const row = (
  itemId: string,
  flag: AttentionFlag,
  orderNumber = 'EP-0042',
  itemName = 'Mizuno Irons',
): AttentionItem => ({
  orderNumber,
  itemId,
  itemName,
  manufacturer: 'Mizuno',
  status: 'order_placed_with_manufacturer',
  flag,
  reason: `${itemName} is ${flag}`,
  estimatedDelivery: null,
  predictedStageEnd: null,
  predictedReadyDate: null,
  likelyBy: null,
  daysInStage: 20,
});

test('an (item, flag) pair listed now that was not at the previous look has entered; the others have not', () => {
  const seen = [{ itemId: 'i-1', flag: 'overdue' as const }];
  const current = [row('i-1', 'overdue'), row('i-1', 'stuck'), row('i-2', 'missing_eta')];
  assert.equal(
    enteredSince(seen, current).map((item) => [item.itemId, item.flag]),
    [
      ['i-1', 'stuck'],
      ['i-2', 'missing_eta'],
    ],
  );
});

test('nothing has entered when the list is as the device saw it, whatever its order', () => {
  const current = [row('i-2', 'stuck'), row('i-1', 'overdue')];
  const seen = seenNow([row('i-1', 'overdue'), row('i-2', 'stuck')]);
  assert.equal(enteredSince(seen, current), []);
  assert.ok(sameSeen(seen, seenNow(current)));
});

test('what left the list is forgotten, so coming back is entering again', () => {
  const first = seenNow([row('i-1', 'overdue'), row('i-2', 'stuck')]);
  const afterLeaving = seenNow([row('i-2', 'stuck')]);
  assert.not.ok(sameSeen(first, afterLeaving));
  assert.equal(
    enteredSince(afterLeaving, [row('i-1', 'overdue'), row('i-2', 'stuck')]).map((item) => item.itemId),
    ['i-1'],
  );
});

test('one entry: the push names the order and item, says why, and opens its edit page', () => {
  const push = composeAttentionPush(attentionRequest('p', 's', [row('i-1', 'overdue')]), studio);
  assert.equal(push, {
    web_push: 8030,
    notification: {
      title: 'Needs attention: EP-0042 Mizuno Irons',
      body: 'Overdue. Mizuno Irons is overdue',
      navigate: 'https://track.example.test/admin/edit-order/EP-0042',
      lang: 'en-GB',
    },
  });
});

test('several entries at one look are one push, counted, naming the first ones, opening the list', () => {
  const entered = [
    row('i-1', 'overdue', 'EP-0001', 'Irons'),
    row('i-2', 'stuck', 'EP-0002', 'Driver'),
    row('i-3', 'missing_eta', 'EP-0003', 'Putter'),
    row('i-4', 'trending_late', 'EP-0004', 'Wedges'),
    row('i-5', 'stuck', 'EP-0005', 'Hybrid'),
  ];
  const request = attentionRequest('p', 's', entered);
  assert.is(request.count, 5);
  assert.is(request.entries.length, 3, 'the request carries only the names it shows');
  const push = composeAttentionPush(request, studio);
  assert.is(push?.notification.title, '5 items need attention');
  assert.is(
    push?.notification.body,
    'EP-0001 Irons: Overdue\nEP-0002 Driver: Stuck\nEP-0003 Putter: Missing ETA\nand 2 more',
  );
  assert.is(push?.notification.navigate, 'https://track.example.test/admin/dashboard?view=attention');
});

test('nothing entered, nothing to push', () => {
  assert.is(composeAttentionPush({ count: 0, entries: [] }, studio), null);
});

test.run();
