import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type AttentionFlag, flagsFor, type OpenItem, predict } from './attention.ts';
import { leadTimes, type SpanCount } from './lead-times.ts';
import type { Stage } from './stages.ts';

const span = (stage: Stage, days: number[]): SpanCount[] =>
  days.map((d) => ({ manufacturer: 'Mizuno', itemType: 'Irons', stage, days: d, count: 1 }));

// Mizuno Irons: placed 2 days (median), arrive in 18 (80% within 24), checked in 2.
const times = leadTimes([
  ...span('processed -> placed', [1, 2, 2, 2, 3]),
  ...span('placed -> arrived', [12, 16, 18, 24, 24]),
  ...span('arrived -> checked', [1, 2, 2, 2, 4]),
]);

const irons = (extra: Partial<OpenItem>): OpenItem => ({
  status: 'order_placed_with_manufacturer',
  manufacturer: 'Mizuno',
  itemType: 'Irons',
  estimatedDelivery: null,
  enteredOn: '2026-03-01',
  lastChangeOn: '2026-03-01',
  ...extra,
});

const rules = (today: string) => ({ today, stuckAfterDays: 14 });
const flagsOn = (item: OpenItem, today: string): AttentionFlag[] =>
  flagsFor(item, times, rules(today)).map((f) => f.flag);

test('overdue: the day of the ETA is not overdue, the day after is', () => {
  const item = irons({ estimatedDelivery: '2026-03-10', lastChangeOn: '2026-03-09' });
  assert.not.ok(flagsOn(item, '2026-03-09').includes('overdue'));
  assert.not.ok(flagsOn(item, '2026-03-10').includes('overdue'));
  assert.ok(flagsOn(item, '2026-03-11').includes('overdue'));
  assert.equal(flagsFor(item, times, rules('2026-03-11'))[0], {
    flag: 'overdue',
    reason: 'ETA Mar 10, 2026 passed 1 day ago; with Mizuno 10 days',
  });
});

test('overdue only while placed with the manufacturer', () => {
  const arrived = irons({
    status: 'order_arrived_awaiting_qc',
    estimatedDelivery: '2026-03-02',
    lastChangeOn: '2026-03-10',
  });
  assert.not.ok(flagsOn(arrived, '2026-03-11').includes('overdue'));
});

test('missing_eta: three days placed without an ETA is fine, the fourth is not', () => {
  assert.not.ok(flagsOn(irons({}), '2026-03-03').includes('missing_eta'));
  assert.not.ok(flagsOn(irons({}), '2026-03-04').includes('missing_eta'));
  assert.ok(flagsOn(irons({}), '2026-03-05').includes('missing_eta'));
  assert.not.ok(flagsOn(irons({ estimatedDelivery: '2026-04-01' }), '2026-03-05').includes('missing_eta'));
  const reason = flagsFor(irons({}), times, rules('2026-03-05')).find((f) => f.flag === 'missing_eta')?.reason;
  assert.is(reason, 'Placed with Mizuno 4 days ago and still no ETA');
});

test('stuck: 13 days without a change is not stuck, 14 is', () => {
  const item = irons({ estimatedDelivery: '2026-06-01' });
  assert.not.ok(flagsOn(item, '2026-03-14').includes('stuck'));
  assert.ok(flagsOn(item, '2026-03-15').includes('stuck'));
  assert.ok(flagsOn(item, '2026-03-16').includes('stuck'));
  const reason = flagsFor(item, times, rules('2026-03-15')).find((f) => f.flag === 'stuck')?.reason;
  assert.is(reason, 'No change for 14 days (Order Placed With Manufacturer)');
  assert.equal(flagsFor(item, times, { today: '2026-03-15', stuckAfterDays: 30 }), []);
});

test('trending_late without an ETA: up to the 80th percentile is usual, a day past it is not', () => {
  const item = irons({ lastChangeOn: '2026-03-24' });
  assert.not.ok(flagsOn(item, '2026-03-24').includes('trending_late'));
  assert.not.ok(flagsOn(item, '2026-03-25').includes('trending_late'));
  assert.ok(flagsOn(item, '2026-03-26').includes('trending_late'));
});

test('the reason says what is usual and how long this one has been there', () => {
  const item = irons({ lastChangeOn: '2026-03-27' });
  const late = flagsFor(item, times, rules('2026-03-28')).find((f) => f.flag === 'trending_late');
  assert.is(
    late?.reason,
    'Mizuno Irons usually arrive in 18 days, 80% within 24; this one has been with Mizuno 27 days',
  );
});

test('trending_late with an ETA: predicted ready after it; on the ETA day itself is on time', () => {
  // Placed Mar 1: arrives Mar 19 (median), checked 2 days later: ready Mar 21.
  const onTime = irons({ estimatedDelivery: '2026-03-21' });
  const late = irons({ estimatedDelivery: '2026-03-20' });
  assert.not.ok(flagsOn(onTime, '2026-03-02').includes('trending_late'));
  assert.ok(flagsOn(late, '2026-03-02').includes('trending_late'));
  assert.is(
    flagsFor(late, times, rules('2026-03-02'))[0]?.reason,
    'Likely ready Mar 21, 2026, after its ETA of Mar 20, 2026: Mizuno Irons usually arrive in 18 days, 80% within 24; this one has been with Mizuno 1 day',
  );
});

test('the prediction chains each stage still ahead: median for ready by, 80th percentile for likely by', () => {
  assert.equal(predict(irons({}), times, '2026-03-02'), {
    stageEnd: '2026-03-19',
    readyBy: '2026-03-21',
    likelyBy: '2026-03-28',
  });
  // A stage already longer than usual ends today at the earliest.
  assert.equal(predict(irons({}), times, '2026-03-30').readyBy, '2026-04-01');
  const processing = irons({ status: 'order_being_processed' });
  assert.equal(predict(processing, times, '2026-03-01').readyBy, '2026-03-23');
});

test('a group with too few items is described by its fallback', () => {
  const few = leadTimes([
    ...span('placed -> arrived', [20]),
    { manufacturer: 'Ping', itemType: 'Driver', stage: 'placed -> arrived', days: 10, count: 5 },
  ]);
  const item = irons({ lastChangeOn: '2026-03-20' });
  const late = flagsFor(item, few, rules('2026-03-20')).find((f) => f.flag === 'trending_late');
  assert.is(
    late?.reason,
    'Irons items across the studio usually arrive in 10 days, 80% within 10; this one has been with Mizuno 19 days',
  );
});

test('nothing is flagged on a collected item, and nothing predicted without figures', () => {
  assert.equal(flagsFor(irons({ status: 'order_collected_shipped' }), times, rules('2026-06-01')), []);
  assert.equal(predict(irons({ manufacturer: 'Ping' }), leadTimes([]), '2026-03-02'), {
    stageEnd: null,
    readyBy: null,
    likelyBy: null,
  });
});

test.run();
