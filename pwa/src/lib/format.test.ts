import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMoney } from './format.ts';

const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

test('money reads as Intl formats pounds in en-GB, from pence', () => {
  assert.is(formatMoney(0), '£0.00');
  assert.is(formatMoney(5), '£0.05');
  assert.is(formatMoney(123_456), '£1,234.56');
  assert.is(formatMoney(-500), '-£5.00');
  assert.is(formatMoney(100_000_000_00), '£100,000,000.00');
  // As the formatter it replaces wrote them (pence / 100), fractions of a penny rounded half away from zero.
  const amounts = [1, 99, 100, 999, 1000, 99_999, 100_000, 123_456_789, 5_000_000_001, -1, -99_999, 12.5, 0.4, -0.4];
  for (let i = 0; i < 2000; i++)
    amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))) * (i % 7 === 0 ? -1 : 1));
  for (const pence of amounts) assert.is(formatMoney(pence), intl.format(pence / 100), String(pence));
});

test('a value that is not a number reads as Intl writes it', () => {
  assert.is(formatMoney(Number.NaN), intl.format(Number.NaN));
  assert.is(formatMoney(Number.POSITIVE_INFINITY), intl.format(Number.POSITIVE_INFINITY));
});

test.run();
