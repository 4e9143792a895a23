import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { leadTimes, percentile, type SpanCount, summarise } from './lead-times.ts';

const spans = (manufacturer: string | null, itemType: string, daysList: number[]): SpanCount[] =>
  daysList.map((days) => ({ manufacturer, itemType, stage: 'placed -> arrived', days, count: 1 }));

test('percentiles interpolate between the nearest ranks, as percentile_cont does', () => {
  const buckets = [10, 12, 14, 16, 18].map((days) => ({ days, count: 1 }));
  assert.equal(percentile(buckets, 0.5), 14);
  assert.equal(percentile(buckets, 0.8), 16.4);
  assert.equal(percentile([{ days: 7, count: 3 }], 0.8), 7);
  assert.ok(Number.isNaN(percentile([], 0.5)));
});

test('buckets with counts are the same as the values one by one, in any order', () => {
  const counted = [
    { days: 20, count: 2 },
    { days: 10, count: 3 },
  ];
  assert.equal(summarise(counted), { count: 5, medianDays: 10, p80Days: 20 });
  assert.equal(
    percentile(counted, 0.5),
    percentile(
      [10, 10, 10, 20, 20].map((days) => ({ days, count: 1 })),
      0.5,
    ),
  );
});

test('a group with five items or more keeps its own figures', () => {
  const times = leadTimes(spans('Mizuno', 'Irons', [16, 17, 18, 24, 30]));
  assert.equal(times.groups, [
    {
      manufacturer: 'Mizuno',
      itemType: 'Irons',
      stage: 'placed -> arrived',
      count: 5,
      medianDays: 18,
      p80Days: 25.2,
      fallback: null,
    },
  ]);
});

test('a group with four items falls back to its manufacturer, and says so', () => {
  const times = leadTimes([...spans('Mizuno', 'Irons', [30, 30, 30, 30]), ...spans('Mizuno', 'Wedges', [10, 10])]);
  const irons = times.groups.find((g) => g.itemType === 'Irons');
  assert.equal(irons, {
    manufacturer: 'Mizuno',
    itemType: 'Irons',
    stage: 'placed -> arrived',
    count: 4,
    medianDays: 30,
    p80Days: 30,
    fallback: 'manufacturer',
  });
});

test('a manufacturer with too few items falls back to the whole studio', () => {
  const times = leadTimes([...spans('Ping', 'Driver', [40]), ...spans('Titleist', 'Driver', [10, 10, 10, 10, 10])]);
  const ping = times.usual('Ping', 'Driver', 'placed -> arrived');
  assert.equal(ping, { count: 1, medianDays: 10, p80Days: 10, fallback: 'studio' });
  assert.equal(times.usual('Cobra', 'Hybrid', 'placed -> arrived')?.fallback, 'studio');
  assert.equal(times.usual('Ping', 'Driver', 'arrived -> checked'), null);
});

test.run();
