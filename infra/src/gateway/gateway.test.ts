import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.ts';
import { createGateway, upstreamFor } from './gateway.ts';

const services = { commandUrl: 'http://command', queryUrl: 'http://query' };

test('reads (GET, HEAD) go to the query service', () => {
  assert.is(upstreamFor('GET', services), 'http://query');
  assert.is(upstreamFor('HEAD', services), 'http://query');
});

test('every other method goes to the command service', () => {
  for (const method of ['POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'])
    assert.is(upstreamFor(method, services), 'http://command');
});

test('idle client sockets outlive a client that waits a minute, so a late POST is not reset', () => {
  const gateway = createGateway({ ...services, staticDir: '/nonexistent', logger: createLogger('test', 'silent') });
  assert.ok(gateway.keepAliveTimeout > 60_000);
  assert.ok(gateway.headersTimeout > gateway.keepAliveTimeout);
});

test.run();
