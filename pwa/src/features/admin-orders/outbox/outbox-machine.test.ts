import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type EntryState, nextState, type OutboxEvent, sendsByItself } from './outbox-machine.ts';

const run = (start: EntryState, ...events: OutboxEvent[]) =>
  events.reduce<EntryState | 'gone' | null>(
    (state, event) => (state && state !== 'gone' ? nextState(state, event) : state),
    start,
  );

test('a queued change is sent and leaves the outbox', () => {
  assert.is(run('waiting', 'send', 'sent'), 'gone');
});

test('no answer (offline, a failing server) or an expired session puts it back to waiting, to send again', () => {
  assert.is(run('waiting', 'send', 'no-answer'), 'waiting');
  assert.is(run('waiting', 'send', 'signed-out'), 'waiting');
  assert.is(run('waiting', 'send', 'no-answer', 'send', 'sent'), 'gone');
});

test('a page closed mid-send resumes as waiting (its Idempotency-Key makes the repeat safe)', () => {
  assert.is(nextState('sending', 'interrupted'), 'waiting');
});

test('a refused change waits for Retry or Discard, never resent by itself', () => {
  assert.is(run('waiting', 'send', 'rejected'), 'failed');
  assert.not.ok(sendsByItself('failed'));
  assert.is(nextState('failed', 'send'), null);
  assert.is(run('failed', 'retry', 'send', 'sent'), 'gone');
  assert.is(nextState('failed', 'discard'), 'gone');
});

test('a conflict waits for the admin to decide, then is sent', () => {
  assert.is(run('waiting', 'send', 'conflict'), 'conflict');
  assert.not.ok(sendsByItself('conflict'));
  assert.is(nextState('conflict', 'send'), null);
  assert.is(run('conflict', 'resolved', 'send', 'sent'), 'gone');
});

test('a change being sent cannot be discarded; any other can', () => {
  assert.is(nextState('sending', 'discard'), null);
  for (const state of ['waiting', 'failed', 'conflict'] as const) assert.is(nextState(state, 'discard'), 'gone');
});

test.run();
