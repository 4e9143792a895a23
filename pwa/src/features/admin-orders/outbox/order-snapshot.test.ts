import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EditOrderForm } from '../components/edit-order/edit-order-form.ts';
import { detailsBody, formOfSnapshot, itemCalls, snapshotOfForm, withQueuedEdits } from './order-snapshot.ts';
import { type OrderSnapshot, threeWayMerge } from './three-way-merge.ts';

const address = (city: string) => ({
  name: 'Jane Golfer',
  address1: '1 Links Road',
  address2: '',
  city,
  state: 'Fife',
  zipCode: 'KY16 9AA',
  country: 'United Kingdom',
});

/** The edit form as it loads an order: every field kind the screen has. */
const form: EditOrderForm = {
  customerName: 'Jane Golfer',
  customerEmail: 'jane@example.com',
  customerPhone: '',
  shippingAddress: address('St Andrews'),
  billingAddress: address('St Andrews'),
  status: 'order_being_processed',
  trackingNumber: '',
  estimatedDelivery: '',
  customerNotes: '',
  fitterNotes: '',
  documentUrl: '',
  notifyCustomer: true,
  items: [
    { id: 'item-1', status: 'order_being_processed', estimatedDelivery: '', manufacturer: 'Titleist' },
    { id: 'item-2', status: 'order_being_processed', estimatedDelivery: '', manufacturer: '' },
  ],
};
const base = snapshotOfForm(form);

/** A value for a field that differs from `was`, per side, and makes sense for the field's kind. */
const changed = (field: string, was: string, side: 'mine' | 'theirs'): string => {
  if (field.endsWith('status')) return side === 'mine' ? 'order_shipped' : 'order_collected';
  if (field.endsWith('estimatedDelivery')) return side === 'mine' ? '2026-12-24' : '2026-12-31';
  if (field.endsWith('manufacturer')) return side === 'mine' ? 'Ping' : 'Cobra';
  return `${was} (${side})`;
};

const withField = (snapshot: OrderSnapshot, field: string, value: string): OrderSnapshot => {
  const item = /^items\.([^.]+)\.(.+)$/.exec(field);
  if (!item) return { ...snapshot, fields: { ...snapshot.fields, [field]: value } };
  return {
    ...snapshot,
    items: snapshot.items.map((candidate) =>
      candidate.id === item[1]
        ? { id: candidate.id, values: { ...candidate.values, [item[2] ?? '']: value } }
        : candidate,
    ),
  };
};

const fieldValue = (snapshot: OrderSnapshot, field: string): string | undefined => {
  const item = /^items\.([^.]+)\.(.+)$/.exec(field);
  if (!item) return snapshot.fields[field];
  return snapshot.items.find((candidate) => candidate.id === item[1])?.values[item[2] ?? ''];
};

const everyField = [
  ...Object.keys(base.fields),
  ...base.items.flatMap((item) => Object.keys(item.values).map((key) => `items.${item.id}.${key}`)),
];

test('the snapshot holds every field of the edit form (addresses flat, items by id), notify aside', () => {
  assert.ok(everyField.includes('shippingAddress.city'));
  assert.ok(everyField.includes('billingAddress.zipCode'));
  assert.ok(everyField.includes('items.item-2.manufacturer'));
  assert.not.ok(everyField.includes('notifyCustomer'));
  assert.is(everyField.length, 9 + 2 * 7 + 2 * 3);
});

test('every field: one side changed merges by itself, both sides changed is a conflict with the three values', () => {
  for (const field of everyField) {
    const was = fieldValue(base, field) ?? '';
    const mine = withField(base, field, changed(field, was, 'mine'));
    const theirs = withField(base, field, changed(field, was, 'theirs'));

    const onlyMine = threeWayMerge(base, base, mine);
    assert.equal(onlyMine.conflicts, [], field);
    assert.is(fieldValue(onlyMine.merged, field), changed(field, was, 'mine'), field);

    const onlyTheirs = threeWayMerge(base, theirs, base);
    assert.equal(onlyTheirs.conflicts, [], field);
    assert.is(fieldValue(onlyTheirs.merged, field), changed(field, was, 'theirs'), field);

    const both = threeWayMerge(base, theirs, mine);
    assert.equal(
      both.conflicts,
      [{ path: field, base: was, yours: changed(field, was, 'mine'), current: changed(field, was, 'theirs') }],
      field,
    );

    const same = threeWayMerge(base, mine, mine);
    assert.equal(same.conflicts, [], field);
  }
});

test('the details call carries the order fields with the addresses rebuilt, notify as false', () => {
  const mine = withField(withField(base, 'shippingAddress.city', 'Leuchars'), 'trackingNumber', 'PF-1');
  const body = detailsBody(mine, 'https://docs.example.com/spec.pdf');
  assert.is(body.trackingNumber, 'PF-1');
  assert.is(body.shippingAddress?.city, 'Leuchars');
  assert.is(body.billingAddress?.city, 'St Andrews');
  assert.is(body.documentUrl, 'https://docs.example.com/spec.pdf');
  assert.is(body.notifyCustomer, false);
  assert.not.ok('documentUrl' in detailsBody(base, null));
});

test('item calls: only changed items with only their changed fields, the last one asking for the email', () => {
  const mine = withField(
    withField(base, 'items.item-1.estimatedDelivery', '2026-12-24'),
    'items.item-2.manufacturer',
    'Ping',
  );
  assert.equal(itemCalls(mine, base, true), [
    { id: 'item-1', body: { estimatedDelivery: '2026-12-24' }, sendEmail: false },
    { id: 'item-2', body: { manufacturer: 'Ping' }, sendEmail: true },
  ]);
  assert.equal(
    itemCalls(mine, base, false).map((call) => call.sendEmail),
    [false, false],
  );
});

test('nothing changed on the items but Notify ticked: the first item is sent with its status and the email', () => {
  assert.equal(itemCalls(base, base, true), [
    { id: 'item-1', body: { status: 'order_being_processed' }, sendEmail: true },
  ]);
  assert.equal(itemCalls(base, base, false), []);
});

test('a cleared ETA or manufacturer is sent as null', () => {
  const was = withField(base, 'items.item-1.estimatedDelivery', '2026-12-24');
  const cleared = withField(base, 'items.item-1.manufacturer', '');
  assert.equal(itemCalls(base, was, false), [{ id: 'item-1', body: { estimatedDelivery: null }, sendEmail: false }]);
  assert.equal(itemCalls(cleared, base, false), [{ id: 'item-1', body: { manufacturer: null }, sendEmail: false }]);
});

test('a snapshot turns back into the same edit form, every field kind included', () => {
  assert.equal(formOfSnapshot(base, form), form);
  const mine = withField(withField(base, 'billingAddress.zipCode', 'DD7 7JE'), 'items.item-2.status', 'order_shipped');
  const back = formOfSnapshot(mine, form);
  assert.is(back.billingAddress.zipCode, 'DD7 7JE');
  assert.is(back.items[1]?.status, 'order_shipped');
  assert.equal(snapshotOfForm(back), mine);
});

test('queued edits lay only what they changed over the order as it is now, oldest first', () => {
  const now = withField(base, 'customerNotes', 'Desk: ready Friday');
  const first = {
    base,
    mine: withField(withField(base, 'trackingNumber', 'PF-1'), 'items.item-1.manufacturer', 'Ping'),
  };
  const second = { base, mine: withField(base, 'trackingNumber', 'PF-2') };
  const shown = withQueuedEdits(now, [first, second]);
  assert.is(fieldValue(shown, 'trackingNumber'), 'PF-2');
  assert.is(fieldValue(shown, 'items.item-1.manufacturer'), 'Ping');
  // What only the server changed is not undone by an edit that did not touch it.
  assert.is(fieldValue(shown, 'customerNotes'), 'Desk: ready Friday');
  assert.equal(withQueuedEdits(now, []), now);
});

test('a queued edit of an item removed meanwhile does not bring the item back', () => {
  const now = { ...base, items: base.items.filter((item) => item.id !== 'item-2') };
  const edit = { base, mine: withField(base, 'items.item-2.status', 'order_shipped') };
  assert.equal(withQueuedEdits(now, [edit]).items, now.items);
});

test.run();
