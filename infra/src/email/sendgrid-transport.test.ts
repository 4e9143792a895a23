import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toSendFailure } from './sendgrid-transport.ts';

test("an HTTP error keeps SendGrid's status, reason and headers (lower-cased) for the retry policy", () => {
  const failure = toSendFailure(
    {
      code: 429,
      message: 'Too Many Requests',
      response: { headers: { 'X-RateLimit-Reset': 1700000000 }, body: { errors: [{ message: 'too many requests' }] } },
    },
    1000,
  );
  assert.equal(failure, {
    kind: 'http',
    status: 429,
    message: 'SendGrid answered 429: too many requests',
    headers: { 'x-ratelimit-reset': '1700000000' },
  });
});

test('a timeout and a refused connection are told apart', () => {
  assert.equal(toSendFailure({ code: 'ECONNABORTED', message: 'timeout of 1000ms exceeded' }, 1000), {
    kind: 'timeout',
    message: 'SendGrid did not answer within 1000 ms',
  });
  assert.equal(toSendFailure({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' }, 1000), {
    kind: 'network',
    message: 'Could not reach SendGrid: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:9',
  });
});

test('a message the client refuses before sending is told apart from the network', () => {
  assert.equal(toSendFailure(new Error('Provide at least one of to, cc or bcc'), 1000), {
    kind: 'invalid',
    message: 'SendGrid client refused the message: Provide at least one of to, cc or bcc',
  });
});

test.run();
