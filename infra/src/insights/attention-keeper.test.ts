import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eachInTurns } from './attention-keeper.ts';

test('deciding a whole list gives other work a turn every 5,000 items', async () => {
  const rows = Array.from({ length: 12_000 }, (_, n) => n);
  let decided = 0;
  const turns: number[] = [];
  // Another request's handler, waiting for a turn of the event loop from the moment the list starts.
  const waiting = () => {
    turns.push(decided);
    if (decided < rows.length) setImmediate(waiting);
  };
  setImmediate(waiting);
  await eachInTurns(rows, () => {
    decided++;
  });
  assert.equal(turns.slice(0, 2), [4_999, 9_999]);
});

test.run();
