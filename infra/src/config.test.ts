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

test('the wiring between the processes is read here too, with defaults for a manual start', () => {
  const config = loadConfig({});
  assert.equal(
    [config.COMMAND_SERVICE_PORT, config.QUERY_SERVICE_PORT, config.SERVICE_HOST, config.OT_LAUNCHED],
    [3001, 3002, '127.0.0.1', false],
  );
  const launched = loadConfig({ OT_LAUNCHED: '1', OT_PROCESS_NAME: 'projector', PROJECTOR_HEALTH_PORT: '9464' });
  assert.equal(
    [launched.OT_LAUNCHED, launched.OT_PROCESS_NAME, launched.PROJECTOR_HEALTH_PORT],
    [true, 'projector', 9464],
  );
});

test.run();
