import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { upstreamFor } from './gateway.ts';

const services = { commandUrl: 'http://command', queryUrl: 'http://query' };

test('reads (GET, HEAD) go to the query service', () => {
  assert.is(upstreamFor('GET', services), 'http://query');
  assert.is(upstreamFor('HEAD', services), 'http://query');
});

test('every other method goes to the command service', () => {
  for (const method of ['POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'])
    assert.is(upstreamFor(method, services), 'http://command');
});

test.run();
