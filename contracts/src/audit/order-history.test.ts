import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RecordedEvent } from '../events/event-envelope.ts';
import type { OrderEventData } from '../orders/order-events.ts';
import { applyHistoryEvent, happenedAt, historyWithChanges, initialHistoryState, orderAsOf } from './order-history.ts';

const address = {
  name: 'Jane',
  address1: '1 Fairway',
  address2: '',
  city: 'St Andrews',
  state: 'Fife',
  zipCode: 'KY16',
  country: 'UK',
};
const placedData: OrderEventData['OrderPlaced'] = {
  orderId: 'o1',
  orderNumber: 'EP-0001',
  customerEmail: 'jane@example.com',
  customerName: 'Jane',
  customerPhone: null,
  orderDate: '2026-11-01',
  status: 'order_being_processed',
  shippingAddress: null,
  billingAddress: address,
  subtotal: 1000,
  shipping: 0,
  tax: 0,
  total: 1000,
  amountPaid: 0,
  amountRemaining: 1000,
  trackingNumber: null,
  estimatedDelivery: null,
  customerNotes: null,
  fitterNotes: null,
  squarespaceOrderId: null,
  items: [
    {
      id: 'i1',
      name: 'Driver',
      sku: 'D1',
      price: 1000,
      quantity: 1,
      imageUrl: null,
      documentUrl: null,
      manufacturer: null,
      estimatedDelivery: null,
      status: 'order_being_processed',
    },
  ],
};

let version = 0;
const at = (v: number) => `2026-11-0${Math.min(v, 9)}T10:00:00.000Z`;
function recorded(type: string, data: unknown, stream = 'order-EP-0001'): RecordedEvent & { recordedAt: string } {
  version = stream.startsWith('order-') ? version + 1 : version;
  return {
    id: `e${version}-${type}`,
    type,
    data,
    stream,
    version,
    position: version,
    tx: 1,
    schemaVersion: 1,
    recordedAt: at(version),
    metadata: {
      actor: { kind: 'admin', id: 'a', name: 'admin' },
      occurredAt: at(version),
      commandId: 'c',
      correlationId: 'c',
      causationId: null,
    },
  };
}

/** Each order event type, applied after OrderPlaced, with the changes it must report. */
const cases: [string, unknown, { field: string; before: unknown; after: unknown }[]][] = [
  [
    'CustomerDetailsChanged',
    { customerName: 'Janet', customerEmail: 'jane@example.com', customerPhone: '0123' },
    [
      { field: 'customerName', before: 'Jane', after: 'Janet' },
      { field: 'customerPhone', before: null, after: '0123' },
    ],
  ],
  [
    'ShippingAddressChanged',
    { shippingAddress: { ...address, city: 'Leith' } },
    Object.entries({ ...address, city: 'Leith' }).map(([key, value]) => ({
      field: `shippingAddress.${key}`,
      before: null,
      after: value,
    })),
  ],
  [
    'BillingAddressChanged',
    { billingAddress: { ...address, zipCode: 'EH1' } },
    [{ field: 'billingAddress.zipCode', before: 'KY16', after: 'EH1' }],
  ],
  [
    'OrderStatusChanged',
    { status: 'order_shipped', previousStatus: 'order_being_processed' },
    [{ field: 'status', before: 'order_being_processed', after: 'order_shipped' }],
  ],
  ['TrackingNumberAssigned', { trackingNumber: 'T1' }, [{ field: 'trackingNumber', before: null, after: 'T1' }]],
  [
    'OrderEstimatedDeliverySet',
    { estimatedDelivery: '2026-12-01' },
    [{ field: 'estimatedDelivery', before: null, after: '2026-12-01' }],
  ],
  ['CustomerNotesChanged', { customerNotes: 'hi' }, [{ field: 'customerNotes', before: null, after: 'hi' }]],
  ['FitterNotesChanged', { fitterNotes: 'lie 2 up' }, [{ field: 'fitterNotes', before: null, after: 'lie 2 up' }]],
  [
    'SpecDocumentAttached',
    { documentUrl: 'https://docs.google.com/x' },
    [{ field: 'items[i1].documentUrl', before: null, after: 'https://docs.google.com/x' }],
  ],
  [
    'ItemStatusChanged',
    { itemId: 'i1', status: 'order_collected_shipped', previousStatus: 'order_being_processed' },
    [{ field: 'items[i1].status', before: 'order_being_processed', after: 'order_collected_shipped' }],
  ],
  [
    'ItemEstimatedDeliverySet',
    { itemId: 'i1', estimatedDelivery: '2026-12-02' },
    [{ field: 'items[i1].estimatedDelivery', before: null, after: '2026-12-02' }],
  ],
  [
    'ItemManufacturerChanged',
    { itemId: 'i1', manufacturer: 'Ping' },
    [{ field: 'items[i1].manufacturer', before: null, after: 'Ping' }],
  ],
  [
    'CustomerNotificationRequested',
    { notificationId: 'n1', recipientEmail: 'jane@example.com', emailType: 'status_update' },
    [{ field: 'emails[n1].status', before: null, after: 'pending' }],
  ],
];

for (const [type, data, expected] of cases) {
  test(`changes of ${type}`, () => {
    version = 0;
    const placed = applyHistoryEvent(initialHistoryState(), recorded('OrderPlaced', placedData));
    const { changes } = applyHistoryEvent(placed.state, recorded(type, data));
    assert.equal(changes, expected);
  });
}

test('OrderPlaced reports every field from nothing, items by their id', () => {
  version = 0;
  const { changes } = applyHistoryEvent(initialHistoryState(), recorded('OrderPlaced', placedData));
  assert.ok(changes.some((c) => c.field === 'customerName' && c.before === null && c.after === 'Jane'));
  assert.ok(changes.some((c) => c.field === 'items[i1].status' && c.after === 'order_being_processed'));
  assert.ok(changes.every((c) => c.before === null));
});

test("an email's outcomes change its status in the email's own stream", () => {
  version = 0;
  const history = historyWithChanges([
    recorded('OrderPlaced', placedData),
    recorded('CustomerNotificationRequested', { notificationId: 'n1', recipientEmail: 'j@x', emailType: 's' }),
    recorded(
      'EmailDeliveryFailed',
      { notificationId: 'n1', attempt: 1, error: 'x', nextAttemptAt: 'soon' },
      'email-n1',
    ),
    recorded('EmailSent', { notificationId: 'n1', attempt: 2 }, 'email-n1'),
    recorded('SomethingUnknown', {}, 'email-n1'),
  ]);
  assert.equal(
    history.slice(2).map((event) => event.changes),
    [
      [{ field: 'emails[n1].status', before: 'pending', after: 'retrying' }],
      [{ field: 'emails[n1].status', before: 'retrying', after: 'sent' }],
      [],
    ],
  );
});

test('orderAsOf folds up to a version or a time; unknown version and times before the order are null', () => {
  version = 0;
  const events = [
    recorded('OrderPlaced', placedData),
    recorded('OrderStatusChanged', { status: 'order_shipped', previousStatus: 'order_being_processed' }),
    recorded('ItemStatusChanged', {
      itemId: 'i1',
      status: 'order_collected_shipped',
      previousStatus: 'order_being_processed',
    }),
    recorded('FitterNotesChanged', { fitterNotes: 'later' }),
  ];
  const v2 = orderAsOf(events, { version: 2 });
  assert.is(v2?.order.status, 'order_shipped');
  assert.is(v2?.order.items[0]?.status, 'order_being_processed');
  assert.equal(v2?.meta, { version: 2, createdAt: at(1), updatedAt: at(2), deliveredAt: null });
  const v4 = orderAsOf(events, { version: 4 });
  assert.equal(v4?.meta, { version: 4, createdAt: at(1), updatedAt: at(4), deliveredAt: at(3) });
  assert.is(v4?.order.fitterNotes, 'later');
  assert.is(orderAsOf(events, { at: '2026-11-03T12:00:00Z' })?.meta.version, 3);
  assert.is(orderAsOf(events, { version: 5 }), null);
  assert.is(orderAsOf(events, { at: '2026-10-01T00:00:00Z' }), null);
});

test('as of a time: an event counts from when it occurred, the store recording it a moment later', () => {
  version = 0;
  const later = (event: RecordedEvent & { recordedAt: string }, ms: number) => ({
    ...event,
    recordedAt: new Date(Date.parse(event.metadata.occurredAt) + ms).toISOString(),
  });
  const events = [
    later(recorded('OrderPlaced', placedData), 5),
    later(recorded('FitterNotesChanged', { fitterNotes: 'second' }), 5),
  ];
  const occurred = events.map((event) => event.metadata.occurredAt);
  // The time the order's updatedAt showed is that version, not the one before
  assert.is(orderAsOf(events, { at: occurred[1] as string })?.meta.version, 2);
  assert.is(orderAsOf(events, { at: events[1]?.recordedAt as string })?.meta.version, 2);
  assert.is(orderAsOf(events, { at: new Date(Date.parse(occurred[1] as string) - 1).toISOString() })?.meta.version, 1);
  assert.is(orderAsOf(events, { at: new Date(Date.parse(occurred[0] as string) - 1).toISOString() }), null);
});

test("as of a time: a command whose clock ran behind the event before it never splits the stream's order", () => {
  const event = (occurredAt: string, recordedAt: string) =>
    ({ metadata: { occurredAt }, recordedAt }) as unknown as RecordedEvent & { recordedAt: string };
  const times = happenedAt([
    event('2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.010Z'),
    event('2026-11-01T09:59:59.000Z', '2026-11-01T10:00:00.020Z'),
    event('2026-11-01T10:00:05.000Z', '2026-11-01T10:00:00.030Z'),
  ]).map((ms) => new Date(ms).toISOString());
  assert.equal(times, ['2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.030Z']);
});

test.run();
