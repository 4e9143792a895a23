import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, countEvents, signedInAdmin, storedEvents } from '../support/scenario.ts';
import { type Stack, startStack } from '../support/stack.ts';

const test = suite<{ stack: Stack }>('update-order-item: PATCH /api/admin/orders/{n}/items/{id}', {
  stack: undefined as never,
});
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const itemPath = (orderNumber: string, itemId: string) => `/api/admin/orders/${orderNumber}/items/${itemId}`;

test('an item change appends the item events and the order reflects them', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const [driver] = order.items;
  const answer = await admin.patch<OrderView>(itemPath(order.orderNumber, driver?.id ?? ''), {
    status: 'order_placed_with_manufacturer',
    estimatedDelivery: '2026-12-15',
    manufacturer: 'Ping',
  });
  assert.is(answer.status, 200);
  const item = answer.body.items.find((candidate) => candidate.id === driver?.id);
  assert.equal(
    [item?.status, item?.estimatedDelivery, item?.manufacturer],
    ['order_placed_with_manufacturer', '2026-12-15', 'Ping'],
  );
  const events = await storedEvents(stack, order.orderNumber);
  assert.equal(
    events.slice(1).map((event) => event.type),
    ['ItemStatusChanged', 'ItemEstimatedDeliverySet', 'ItemManufacturerChanged'],
  );
});

test('x-send-email: true on an unchanged item records only the notification request', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const [driver] = order.items;
  const answer = await admin.patch<OrderView>(
    itemPath(order.orderNumber, driver?.id ?? ''),
    { status: driver?.status },
    { 'x-send-email': 'true' },
  );
  assert.is(answer.status, 200);
  const events = await storedEvents(stack, order.orderNumber);
  assert.equal(
    events.map((event) => event.type),
    ['OrderPlaced', 'CustomerNotificationRequested'],
  );
  const data = events[1]?.data as Record<string, unknown>;
  assert.match(String(data.notificationId), /^[0-9a-f-]{36}$/);
  assert.equal([data.recipientEmail, data.emailType, data.requestedBy], [order.customerEmail, 'order_update', 'admin']);
});

test('x-send-email on a changed item puts the change and the request in one append', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const [, irons] = order.items;
  const answer = await admin.patch<OrderView>(
    itemPath(order.orderNumber, irons?.id ?? ''),
    { status: 'order_arrived_awaiting_qc' },
    { 'x-send-email': 'true' },
  );
  assert.is(answer.body.version, 3);
  const events = await storedEvents(stack, order.orderNumber);
  assert.equal(
    events.slice(1).map((event) => event.type),
    ['ItemStatusChanged', 'CustomerNotificationRequested'],
  );
  assert.is(events[1]?.metadata.commandId, events[2]?.metadata.commandId);
});

test('an unknown item is a 404 with a message, and nothing is written', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const before = await countEvents(stack);
  const answer = await admin.patch<{ message: string }>(itemPath(order.orderNumber, 'no-such-item'), {
    status: 'order_collected_shipped',
  });
  assert.is(answer.status, 404);
  assert.is(answer.body.message, 'Item not found');
  assert.is(await countEvents(stack), before);
});

test.run();
