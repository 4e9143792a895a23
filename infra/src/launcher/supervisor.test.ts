import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { restartDelay } from './supervisor.ts';

test('a child that was ready restarts at once', () => {
  assert.ok(restartDelay(0) <= 100);
});

test('a child that keeps failing before it gets ready waits longer each time, up to half a minute', () => {
  const delays = [1, 2, 3, 4, 5, 10, 20].map(restartDelay);
  for (let i = 1; i < delays.length; i++) assert.ok((delays[i] as number) >= (delays[i - 1] as number));
  assert.is(restartDelay(1), 500);
  assert.is(restartDelay(2), 1000);
  assert.is(restartDelay(20), 30_000);
});

test.run();
