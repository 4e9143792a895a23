import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import type { OrderNumbers } from './order-numbers.ts';
import { createPostgresOrderNumbers } from './postgres-order-numbers.ts';

const test = suite<{ db: TestDatabase; numbers: OrderNumbers }>('order numbers (Postgres)', {} as never);
test.before(async (context) => {
  context.db = await createTestDatabase();
  context.numbers = createPostgresOrderNumbers(context.db.pool, 'EP-');
});
test.after(async ({ db }) => db.drop());

test('a retried command gets the number it got the first time; another command the next one', async ({ numbers }) => {
  const first = await numbers.allocate('command-1');
  assert.is(await numbers.allocate('command-1'), first);
  const other = await numbers.allocate('command-2');
  assert.is.not(other, first);
  assert.is(await numbers.peekNext(), `EP-${String(Number(other.slice(3)) + 1).padStart(4, '0')}`);
});

test('the same command asking twice at once still gets one number', async ({ numbers }) => {
  const answers = await Promise.all(Array.from({ length: 8 }, () => numbers.allocate('racing')));
  assert.is(new Set(answers).size, 1);
});

test('numbers an import brings are never handed out; a far-off typo does not move the sequence', async ({
  numbers,
}) => {
  const next = Number((await numbers.peekNext()).slice(3));
  await numbers.reservePast([next + 5, next + 1_000_000], 10_000);
  assert.is(await numbers.allocate('after-import'), `EP-${String(next + 6).padStart(4, '0')}`);
  assert.equal(await numbers.allocateMany(2), [
    `EP-${String(next + 7).padStart(4, '0')}`,
    `EP-${String(next + 8).padStart(4, '0')}`,
  ]);
});

test.run();
