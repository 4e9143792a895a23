import type { EmailEventsPage } from '@ot/contracts/email/email-views.ts';
import type { ImportReport } from '@ot/contracts/imports/import-report.ts';
import type { OrderView, TimelineEntry } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startNotifier } from '../support/notifier.ts';
import { orderPayload, type Stack, startStack } from '../support/stack.ts';

/**
 * EVENT_STORE=eventstoredb through the HTTP API: the events live in EventStoreDB (the local gRPC
 * stand-in, driven by the real client), the read models and checkpoints in Postgres.
 */
const test = suite<{ stack: Stack }>('EventStoreDB as the event store: import, edit and timeline over HTTP', {
  stack: undefined as never,
});
test.before(async (context) => {
  context.stack = await startStack({}, { eventStore: 'eventstoredb' });
});
test.after(async ({ stack }) => stack.stop());

const statusPath = (orderNumber: string) => `/api/admin/orders/${orderNumber}/status`;
const itemPath = (orderNumber: string, itemId: string) => `/api/admin/orders/${orderNumber}/items/${itemId}`;

test('imported orders land in EventStoreDB and are read back through the read models', async ({ stack }) => {
  const admin = stack.client();
  await admin.loginAdmin();
  const file = [orderPayload({ orderNumber: 'EP-0100' }), orderPayload({ squarespaceOrderId: 'SQ-1001' })];
  const first = await admin.post<ImportReport>('/api/admin/import', file);
  assert.is(first.status, 200);
  assert.is(first.body.imported, 2);
  const [numbered, allocated] = first.body.importedKeys;
  assert.is(numbered, 'EP-0100');

  const stored = await stack.store.readStream(`order-${allocated}`);
  assert.equal(
    stored.map((event) => [event.type, event.metadata.actor.kind]),
    [['OrderPlaced', 'import']],
  );
  const list = await admin.get<{ orderNumber: string }[]>('/api/admin/orders');
  const numbers = list.body.map((order) => order.orderNumber);
  assert.ok(numbers.includes('EP-0100') && numbers.includes(allocated as string), 'both orders are listed');

  const again = await admin.post<ImportReport>('/api/admin/import', file);
  assert.is(again.body.imported, 0, 'the same file twice places nothing twice');
  assert.is(again.body.skipped.length, 2);
  assert.is((await stack.store.readStream(`order-${allocated}`)).length, 1);
});

test('an edit appends to the order in EventStoreDB; a stale or racing If-Match is a 409', async ({ stack }) => {
  const admin = stack.client();
  await admin.loginAdmin();
  await admin.post('/api/admin/import', [orderPayload({ orderNumber: 'EP-0200' })]);
  const order = await admin.get<OrderView>('/api/orders/EP-0200');
  assert.is(order.body.version, 1);

  const details = await admin.patch<OrderView>(
    statusPath('EP-0200'),
    { status: 'order_placed_with_manufacturer', trackingNumber: 'PF123456789GB' },
    { 'If-Match': '1' },
  );
  assert.is(details.status, 200);
  assert.is(details.body.version, 3);
  assert.ok(Number(details.headers.get('x-event-position')) > 0);

  const stale = await admin.patch<{ currentVersion: number }>(
    statusPath('EP-0200'),
    { status: 'order_shipped' },
    { 'If-Match': '1' },
  );
  assert.is(stale.status, 409);
  assert.is(stale.body.currentVersion, 3);

  const item = details.body.items[0]?.id ?? '';
  const racing = await Promise.all(
    ['order_placed_with_manufacturer', 'order_collected_shipped'].map((status) =>
      admin.patch(itemPath('EP-0200', item), { status }, { 'If-Match': '3' }),
    ),
  );
  assert.equal(racing.map((answer) => answer.status).sort(), [200, 409], 'one racing edit wins');
  assert.is((await stack.store.readStream('order-EP-0200')).length, 4);
});

test("the timeline is the order's EventStoreDB stream, rendered", async ({ stack }) => {
  const admin = stack.client();
  await admin.loginAdmin();
  await admin.post('/api/admin/import', [orderPayload({ orderNumber: 'EP-0300' })]);
  const order = await admin.get<OrderView>('/api/orders/EP-0300');
  await admin.patch(itemPath('EP-0300', order.body.items[0]?.id ?? ''), { status: 'order_placed_with_manufacturer' });
  await admin.patch(statusPath('EP-0300'), { status: order.body.status, notes: 'Ready before Christmas' });

  const timeline = await admin.get<TimelineEntry[]>('/api/orders/EP-0300/timeline');
  assert.is(timeline.status, 200);
  const stream = await stack.store.readStream('order-EP-0300');
  assert.equal(
    timeline.body.map((entry) => [entry.eventType, entry.version]).sort((a, b) => Number(a[1]) - Number(b[1])),
    stream.map((event) => [event.type, event.version]),
  );
  assert.equal(
    stream.map((event) => event.type),
    ['OrderPlaced', 'ItemStatusChanged', 'CustomerNotesChanged'],
  );
});

test("a notification requested by an edit is sent by the notifier, its outcome in the email's own EventStoreDB stream", async ({
  stack,
}) => {
  const notifier = startNotifier(stack.db.pool, stack.store);
  try {
    const admin = stack.client();
    await admin.loginAdmin();
    await admin.post('/api/admin/import', [orderPayload({ orderNumber: 'EP-0400' })]);
    const order = await admin.get<OrderView>('/api/orders/EP-0400');
    const answer = await admin.patch(
      itemPath('EP-0400', order.body.items[0]?.id ?? ''),
      { status: 'order_placed_with_manufacturer' },
      { 'x-send-email': 'true' },
    );
    assert.is(answer.status, 200);
    let log = await admin.get<EmailEventsPage>('/api/admin/email-events?orderNumber=EP-0400');
    for (let i = 0; i < 100 && log.body.events[0]?.deliveryStatus !== 'sent'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      log = await admin.get<EmailEventsPage>('/api/admin/email-events?orderNumber=EP-0400');
    }
    const [email] = log.body.events;
    assert.is(email?.deliveryStatus, 'sent');
    const outcome = await stack.store.readStream(`email-${email?.id}`);
    assert.equal(
      outcome.map((event) => event.type),
      ['EmailSent'],
    );
  } finally {
    await notifier.stop();
  }
});

test.run();
