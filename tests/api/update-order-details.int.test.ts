import type { OrderView, TimelineEntry } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, countEvents, signedInAdmin, signedInCustomer, storedEvents } from '../support/scenario.ts';
import { type Stack, startStack, uniqueEmail } from '../support/stack.ts';

const test = suite<{ stack: Stack }>('update-order-details: PATCH /api/admin/orders/{n}/status', {
  stack: undefined as never,
});
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const statusPath = (orderNumber: string) => `/api/admin/orders/${orderNumber}/status`;
const itemPath = (orderNumber: string, itemId: string) => `/api/admin/orders/${orderNumber}/items/${itemId}`;

test('the edit form save appends only the events for what changed and answers with the order', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const answer = await admin.patch<OrderView>(statusPath(order.orderNumber), {
    status: 'order_placed_with_manufacturer',
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    shippingName: 'Jane Golfer',
    shippingAddress1: '1 Fairway Lane',
    shippingCity: 'North Berwick',
    trackingNumber: 'PF123456789GB',
    estimatedDelivery: '2026-12-01',
    notes: 'Ready before Christmas',
    fitterNotes: 'Shaft: stiff, +0.5 inch',
    notifyCustomer: false,
  });
  assert.is(answer.status, 200);
  assert.is(answer.body.status, 'order_placed_with_manufacturer');
  assert.is(answer.body.shippingAddress?.city, 'North Berwick');
  assert.is(answer.body.trackingNumber, 'PF123456789GB');
  assert.is(answer.body.customerNotes, 'Ready before Christmas');
  assert.is(answer.body.fitterNotes, 'Shaft: stiff, +0.5 inch');
  assert.is(answer.body.version, 7);
  assert.is(answer.headers.get('etag'), '"7"');
  assert.ok(Number(answer.headers.get('x-event-position')) > 0);

  const events = await storedEvents(stack, order.orderNumber);
  assert.equal(
    events.map((event) => event.type),
    [
      'OrderPlaced',
      'ShippingAddressChanged',
      'OrderStatusChanged',
      'TrackingNumberAssigned',
      'OrderEstimatedDeliverySet',
      'CustomerNotesChanged',
      'FitterNotesChanged',
    ],
  );
  assert.equal(events[2]?.data, { status: 'order_placed_with_manufacturer', previousStatus: 'order_being_processed' });
});

test('the status call also takes the addresses as objects, as the order carries them', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const billingAddress = {
    name: 'Golf Club Accounts',
    address1: '2 Links Road',
    address2: null,
    city: 'Gullane',
    state: 'East Lothian',
    zipCode: 'EH31 2AA',
    country: 'United Kingdom',
  };
  const answer = await admin.patch<OrderView>(statusPath(order.orderNumber), {
    status: order.status,
    shippingAddress: { ...order.shippingAddress, city: 'North Berwick' },
    billingAddress,
  });
  assert.is(answer.status, 200);
  assert.is(answer.body.shippingAddress?.city, 'North Berwick');
  assert.equal(answer.body.billingAddress, billingAddress);
  const reread = await admin.get<OrderView>(`/api/orders/${order.orderNumber}`);
  assert.equal(reread.body.billingAddress, billingAddress);
});

test('every event records the admin, the time and the command id', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  await admin.patch(statusPath(order.orderNumber), { status: 'order_shipped', trackingNumber: 'PF1' });
  const events = await storedEvents(stack, order.orderNumber);
  for (const event of events) {
    const metadata = event.metadata as { actor: { kind: string; name: string }; occurredAt: string; commandId: string };
    assert.is(metadata.actor.kind, 'admin');
    assert.is(metadata.actor.name, 'admin');
    assert.ok(!Number.isNaN(Date.parse(metadata.occurredAt)));
    assert.match(metadata.commandId, /^[0-9a-f-]{36}$/);
  }
  assert.is(events[1]?.metadata.commandId, events[2]?.metadata.commandId, 'one command, one id');
});

test('saving without changes appends nothing and still answers 200 with the order', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const before = await countEvents(stack);
  const answer = await admin.patch<OrderView>(statusPath(order.orderNumber), {
    status: order.status,
    customerName: order.customerName,
    trackingNumber: '',
    notes: '',
    notifyCustomer: false,
  });
  assert.is(answer.status, 200);
  assert.is(answer.body.orderNumber, order.orderNumber);
  assert.is(answer.body.version, 1);
  assert.is(await countEvents(stack), before);
});

test('an empty string clears a field that was set', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin, { trackingNumber: 'PF1', notes: 'Some notes' });
  const answer = await admin.patch<OrderView>(statusPath(order.orderNumber), {
    status: order.status,
    trackingNumber: '',
    notes: '',
  });
  assert.is(answer.body.trackingNumber, null);
  assert.is(answer.body.customerNotes, null);
  const read = await admin.get<OrderView>(`/api/orders/${order.orderNumber}`);
  assert.is(read.body.trackingNumber, null);
  assert.is(read.body.customerNotes, null);
});

test('notifyCustomer: true on the order save requests a notification', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  await admin.patch(statusPath(order.orderNumber), { status: order.status, notifyCustomer: true });
  const [, requested] = await storedEvents(stack, order.orderNumber);
  assert.is(requested?.type, 'CustomerNotificationRequested');
  assert.is(requested?.data.recipientEmail, order.customerEmail);
  assert.is(requested?.data.emailType, 'order_update');
  assert.is(requested?.data.requestedBy, 'admin');
});

test('an unknown order is a 404 for both edit calls', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const status = await admin.patch<{ message: string }>(statusPath('EP-9999'), { status: 'order_shipped' });
  assert.is(status.status, 404);
  assert.is(status.body.message, 'Order not found');
  const item = await admin.patch<{ message: string }>(itemPath('EP-9999', 'x'), { status: 'order_collected_shipped' });
  assert.is(item.status, 404);
  assert.is(item.body.message, 'Order not found');
});

test('both edit calls find the order when its number is typed in lower case', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const typed = order.orderNumber.toLowerCase();
  const status = await admin.patch<OrderView>(statusPath(typed), { status: 'order_shipped' });
  assert.is(status.status, 200);
  assert.is(status.body.orderNumber, order.orderNumber);
  assert.is(status.body.status, 'order_shipped');
  const item = await admin.patch<OrderView>(itemPath(typed, order.items[0]?.id ?? ''), {
    status: 'order_arrived_awaiting_qc',
  });
  assert.is(item.status, 200);
  assert.is(item.body.items[0]?.status, 'order_arrived_awaiting_qc');
  assert.equal(
    (await storedEvents(stack, order.orderNumber)).map((event) => event.type),
    ['OrderPlaced', 'OrderStatusChanged', 'ItemStatusChanged'],
  );
});

test('If-Match with the current version is accepted; a stale one is a 409 with the current version', async ({
  stack,
}) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const first = await admin.patch<OrderView>(
    statusPath(order.orderNumber),
    { status: 'order_placed_with_manufacturer' },
    { 'If-Match': '1' },
  );
  assert.is(first.status, 200);
  assert.is(first.body.version, 2);
  const before = await countEvents(stack);

  const stale = await admin.patch<{ message: string; currentVersion: number }>(
    statusPath(order.orderNumber),
    { status: 'order_shipped' },
    { 'If-Match': '1' },
  );
  assert.is(stale.status, 409);
  assert.is(stale.body.currentVersion, 2);
  assert.ok(stale.body.message.length > 0);
  const staleItem = await admin.patch<{ currentVersion: number }>(
    itemPath(order.orderNumber, order.items[0]?.id ?? ''),
    { status: 'order_collected_shipped' },
    { 'If-Match': '"1"' },
  );
  assert.is(staleItem.status, 409);
  assert.is(staleItem.body.currentVersion, 2);
  assert.is(await countEvents(stack), before);
});

test('the ETag of a read can be sent back as If-Match', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const read = await admin.get(`/api/orders/${order.orderNumber}`);
  const etag = read.headers.get('etag') ?? '';
  const answer = await admin.patch(statusPath(order.orderNumber), { status: 'order_shipped' }, { 'If-Match': etag });
  assert.is(answer.status, 200);
});

test('a malformed If-Match is a 400, not a 500', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const answer = await admin.patch<{ message: string }>(
    statusPath(order.orderNumber),
    { status: 'order_shipped' },
    { 'If-Match': 'yesterday' },
  );
  assert.is(answer.status, 400);
  assert.ok(answer.body.message);
});

test('the timeline shows each change with a readable title, and a customer never sees fitter notes', async ({
  stack,
}) => {
  const admin = await signedInAdmin(stack);
  const email = uniqueEmail();
  const order = await addOrder(admin, { customerEmail: email });
  await admin.patch(statusPath(order.orderNumber), {
    status: 'order_placed_with_manufacturer',
    fitterNotes: 'Secret fitting data',
    trackingNumber: 'PF42',
  });
  await admin.patch(itemPath(order.orderNumber, order.items[0]?.id ?? ''), { status: 'order_arrived_awaiting_qc' });

  const adminTimeline = await admin.get<TimelineEntry[]>(`/api/orders/${order.orderNumber}/timeline`);
  assert.ok(adminTimeline.body.some((row) => row.eventType === 'FitterNotesChanged'));
  const customer = await signedInCustomer(stack, email, order.orderNumber);
  const timeline = await customer.get<TimelineEntry[]>(`/api/orders/${order.orderNumber}/timeline`);
  assert.is(timeline.status, 200);
  assert.equal(
    timeline.body.map((row) => row.title),
    [
      'Order placed',
      'Order Placed With Manufacturer',
      'Tracking number added',
      'Driver: Order Arrived at EP - Awaiting Quality Checks',
    ],
  );
  assert.ok(timeline.body.every((row) => row.orderId === order.id && row.actor !== 'admin'));
  assert.not.match(JSON.stringify(timeline.body), /Secret fitting data|FitterNotes|[Ff]itter/);
  const detail = await customer.get(`/api/orders/${order.orderNumber}`);
  assert.not.match(JSON.stringify(detail.body), /Secret fitting data|fitterNotes/);
});

test.run();
