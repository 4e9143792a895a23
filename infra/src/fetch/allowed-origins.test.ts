import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchOrigin, parseDocumentOrigins } from './allowed-origins.ts';

const allowed = (value: string | undefined, url: string) => matchOrigin(parseDocumentOrigins(value), new URL(url));

test("unset, only Google's Drive and Docs origins over https are allowed, and never trusted blindly", () => {
  const docs = allowed(undefined, 'https://docs.google.com/document/d/x/export?format=html');
  assert.ok(docs);
  assert.is(docs?.trusted, false);
  assert.ok(allowed(undefined, 'https://drive.google.com/uc?id=x'));
  assert.ok(allowed(undefined, 'https://doc-0s-3k-docs.googleusercontent.com/export/x'));
  for (const url of [
    'http://docs.google.com/x',
    'https://docs.google.com:8443/x',
    'https://docs.google.com.evil.test/x',
    'https://evilgoogleusercontent.com/x',
    'https://googleusercontent.com.evil.test/x',
    'https://user@docs.google.com/x',
    'https://example.com/x',
    'http://127.0.0.1/x',
  ]) {
    assert.is(allowed(undefined, url), null, url);
  }
});

test('origins listed explicitly are trusted as listed, even on http or loopback; nothing else is', () => {
  const value = 'http://127.0.0.1:4010, https://docs.internal.test';
  assert.is(allowed(value, 'http://127.0.0.1:4010/doc')?.trusted, true);
  assert.is(allowed(value, 'https://docs.internal.test/doc')?.trusted, true);
  assert.is(allowed(value, 'http://127.0.0.1:4011/doc'), null);
  assert.is(allowed(value, 'https://127.0.0.1:4010/doc'), null);
  assert.is(allowed(value, 'https://docs.google.com/doc'), null);
});

test("Google's origins stay held to public addresses even when listed explicitly", () => {
  assert.is(allowed('https://docs.google.com', 'https://docs.google.com/x')?.trusted, false);
});

test('loopback spellings are normalised by the URL parser before matching', () => {
  const value = 'http://127.0.0.1:4010';
  for (const url of [
    'http://2130706433:4010/',
    'http://0x7f000001:4010/',
    'http://0177.0.0.1:4010/',
    'http://127.1:4010/',
  ]) {
    assert.ok(allowed(value, url), url);
  }
  assert.is(allowed(value, 'http://localhost:4010/'), null);
});

test('an entry that is not scheme://host[:port] is a configuration error', () => {
  for (const bad of ['ftp://x', 'https://x/path', 'https://u:p@x', 'nonsense']) {
    assert.throws(() => parseDocumentOrigins(bad), undefined, bad);
  }
});

test.run();
