import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalJson, eventDocument, eventHash } from './event-hash.ts';

test('object keys are sorted by UTF-8 length, then byte by byte, as jsonb orders them', () => {
  assert.is(canonicalJson({ bb: 1, a: 2, ab: 3, é: 4, z: 5 }), '{"a": 2, "z": 5, "ab": 3, "bb": 1, "é": 4}');
});

test('nested objects and arrays keep array order and sort every object', () => {
  assert.is(
    canonicalJson({ list: [{ y: 1, x: [] }, null, 'a'], empty: {} }),
    '{"list": [{"x": [], "y": 1}, null, "a"], "empty": {}}',
  );
});

test('numbers are plain decimals without an exponent', () => {
  assert.is(
    canonicalJson([0, -0, 12, -3.5, 1e21, 1.5e-7, -1e-7, 123456789012345680000]),
    '[0, 0, 12, -3.5, 1000000000000000000000, 0.00000015, -0.0000001, 123456789012345680000]',
  );
});

test('strings are escaped as JSON.stringify escapes them', () => {
  assert.is(canonicalJson('a"b\\c\n\t\u0001é😀'), '"a\\"b\\\\c\\n\\t\\u0001é😀"');
});

test('undefined members are dropped and undefined array items become null, as in JSON', () => {
  assert.is(canonicalJson({ a: undefined, b: [undefined] }), '{"b": [null]}');
});

test("an event's document covers stream, version, type, data and metadata", () => {
  const event = { stream: 'order-EP-1', version: 2, type: 'NoteAdded', data: { text: 'hi' }, metadata: { by: 'x' } };
  assert.is(
    eventDocument(event),
    '{"data": {"text": "hi"}, "type": "NoteAdded", "stream": "order-EP-1", "version": 2, "metadata": {"by": "x"}}',
  );
});

test('each hash covers the one before it: the first starts from nothing', () => {
  const first = { stream: 's', version: 1, type: 'T', data: {}, metadata: {} };
  const second = { ...first, version: 2 };
  const one = eventHash(null, first);
  assert.is(one.toString('hex'), createHash('sha256').update(eventDocument(first)).digest('hex'));
  const two = eventHash(one, second);
  assert.is(
    two.toString('hex'),
    createHash('sha256')
      .update(Buffer.concat([one, Buffer.from(eventDocument(second))]))
      .digest('hex'),
  );
  assert.is.not(eventHash(eventHash(null, { ...first, data: { n: 1 } }), second).toString('hex'), two.toString('hex'));
});

test.run();
