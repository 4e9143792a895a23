import { randomBytes, randomUUID } from 'node:crypto';
import { ERASED_CUSTOMER, erasedAddress } from '@ot/contracts/privacy/personal-fields.ts';
import { sampleOrderPlaced } from '@ot/contracts/testing/sample-order.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newDataKey, open, seal, unwrapKey, wrapKey } from './field-cipher.ts';
import { identifyingEmail, openData, sealData, subjectsOf } from './field-encryption.ts';
import { parseMasterKey } from './master-key.ts';

const subject = randomUUID();
const key = newDataKey();
const placed = { ...sampleOrderPlaced(), customerNotes: 'Prefers a stiff shaft', fitterNotes: 'Left-handed swing' };

test('a value sealed with a data key opens with it, and with no other key or customer', () => {
  const sealed = seal(key, Buffer.from('jane@example.com'), subject);
  assert.is(open(key, sealed, subject).toString(), 'jane@example.com');
  assert.throws(() => open(newDataKey(), sealed, subject));
  assert.throws(() => open(key, sealed, randomUUID()));
});

test('a data key wrapped by the master key unwraps with it, and with no other master key', () => {
  const master = randomBytes(32);
  const wrapped = wrapKey(master, subject, key);
  assert.ok(unwrapKey(master, subject, wrapped).equals(key));
  assert.throws(() => unwrapKey(randomBytes(32), subject, wrapped));
});

test('MASTER_KEY is 64 hex characters or base64 of 32 bytes; anything else is refused', () => {
  const bytes = randomBytes(32);
  assert.ok(parseMasterKey(bytes.toString('hex')).equals(bytes));
  assert.ok(parseMasterKey(bytes.toString('base64')).equals(bytes));
  assert.throws(() => parseMasterKey('short'), /32 bytes/);
});

test('an order placed round-trips through sealing: no personal value stays readable in what is stored', () => {
  const stored = sealData('OrderPlaced', placed, subject, key);
  const text = JSON.stringify(stored);
  for (const personal of ['jane', 'Jane', 'Fairway', 'stiff shaft', 'Left-handed'])
    assert.not.ok(text.includes(personal));
  assert.ok(text.includes(placed.orderNumber));
  const subjects = new Set<string>();
  subjectsOf('OrderPlaced', stored, {}, subjects);
  assert.equal([...subjects], [subject]);
  assert.equal(openData('OrderPlaced', stored, new Map([[subject, key]])), placed);
  assert.is(identifyingEmail('OrderPlaced', placed), placed.customerEmail);
});

test('an event whose key is gone reads as erased, never as an error', () => {
  const stored = sealData('OrderPlaced', placed, subject, key);
  const erased = openData('OrderPlaced', stored, new Map([[subject, null]])) as typeof placed;
  assert.is(erased.customerName, ERASED_CUSTOMER);
  assert.is(erased.customerEmail, '');
  assert.is(erased.customerPhone, null);
  assert.equal(erased.billingAddress, erasedAddress);
  assert.is(erased.customerNotes, null);
  assert.is(erased.total, placed.total);
  assert.equal(
    erased.items.map((item) => item.name),
    placed.items.map((item) => item.name),
  );
  // A key that does not open it (a tampered value) reads as erased too.
  const wrong = openData('OrderPlaced', stored, new Map([[subject, newDataKey()]])) as typeof placed;
  assert.is(wrong.customerName, ERASED_CUSTOMER);
});

test('personal values are sealed together, once per event; a null stays null and an absent one absent', () => {
  const withSheet = {
    ...placed,
    customerPhone: null,
    items: placed.items.map((item, i) => ({ ...item, documentUrl: i === 0 ? '/api/documents/abc' : null })),
  };
  const stored = sealData('OrderPlaced', withSheet, subject, key) as Record<string, unknown>;
  assert.is(JSON.stringify(stored).split('$pii').length - 1, 1);
  assert.is(stored.customerPhone, null);
  assert.not.ok('customerName' in stored);
  assert.equal(openData('OrderPlaced', stored, new Map([[subject, key]])), withSheet);
  const erased = openData('OrderPlaced', stored, new Map()) as typeof withSheet;
  assert.equal(
    erased.items.map((item) => item.documentUrl),
    [null, null],
  );
  const email = { notificationId: 'n-1', recipientEmail: 'jane@example.com', emailType: 'order_update' };
  const erasedEmail = openData(
    'CustomerNotificationRequested',
    sealData('CustomerNotificationRequested', email, subject, key),
    new Map(),
  );
  assert.equal(erasedEmail, { notificationId: 'n-1', recipientEmail: '', emailType: 'order_update' });
});

test.run();
