import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isConnectionError } from './connection-errors.ts';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

test('a terminated backend, a restarting server and a refused socket are connection errors', () => {
  assert.ok(isConnectionError(withCode('57P01'))); // admin_shutdown (pg_terminate_backend)
  assert.ok(isConnectionError(withCode('57P03'))); // cannot_connect_now (starting up)
  assert.ok(isConnectionError(withCode('08006'))); // connection_failure
  assert.ok(isConnectionError(withCode('ECONNRESET')));
  assert.ok(isConnectionError(withCode('ECONNREFUSED')));
  assert.ok(isConnectionError(new Error('Connection terminated unexpectedly')));
  assert.ok(isConnectionError(new Error('timeout exceeded when trying to connect')));
  assert.ok(isConnectionError(new Error('Client has encountered a connection error and is not queryable')));
});

test('a cause chain is followed', () => {
  assert.ok(isConnectionError(new Error('append failed', { cause: withCode('57P01') })));
});

test('mistakes in a query or in the data are not connection errors', () => {
  assert.not.ok(isConnectionError(withCode('23505'))); // unique_violation
  assert.not.ok(isConnectionError(withCode('42P01'))); // undefined_table
  assert.not.ok(isConnectionError(new Error('boom')));
  assert.not.ok(isConnectionError(null));
  assert.not.ok(isConnectionError('Connection terminated'));
});

test.run();
