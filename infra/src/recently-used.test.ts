import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recentlyUsed } from './recently-used.ts';

test('past its bound the least recently used entry is forgotten; a read counts as a use', () => {
  const map = recentlyUsed<string, number>(2);
  map.set('a', 1);
  map.set('b', 2);
  assert.is(map.get('a'), 1); // a is now the more recent
  map.set('c', 3);
  assert.is(map.get('b'), undefined);
  assert.is(map.get('a'), 1);
  assert.is(map.get('c'), 3);
  assert.is(map.size, 2);
});

test('setting a key again replaces its value and makes it the most recent', () => {
  const map = recentlyUsed<string, number>(2);
  map.set('a', 1);
  map.set('b', 2);
  map.set('a', 10);
  map.set('c', 3);
  assert.is(map.get('a'), 10);
  assert.not.ok(map.has('b'));
});

test.run();
