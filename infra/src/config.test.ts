import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from './config.ts';

test('nothing is required: an empty environment gives the documented defaults', () => {
  const config = loadConfig({});
  assert.is(config.PORT, 3000);
  assert.is(config.EVENT_STORE, 'postgres');
  assert.is(config.ORDER_NUMBER_PREFIX, 'EP-');
  assert.is(config.DATABASE_URL, undefined);
});

test('a malformed value is refused with the variable named', () => {
  assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
  assert.throws(() => loadConfig({ EVENT_STORE: 'mongo' }), /EVENT_STORE/);
});

test('blank optional values count as unset', () => {
  assert.is(loadConfig({ DATABASE_URL: '  ' }).DATABASE_URL, undefined);
});

test.run();
