import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nameBasedId } from './name-based-id.ts';

test('the same name gives the same id, another name another id', () => {
  assert.is(nameBasedId('import:order:abc'), nameBasedId('import:order:abc'));
  assert.is.not(nameBasedId('import:order:abc'), nameBasedId('import:order:abd'));
});

test('ids are version 5 UUIDs with the RFC variant', () => {
  for (const name of ['', 'a', 'é', 'x'.repeat(10_000)]) {
    assert.match(nameBasedId(name), /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  }
});

test.run();
