import type { EmailCommandResponse, EmailEventsPage, EmailStats, RetryQueue } from '@ot/contracts/email/email-views.ts';
import type { createPostgresEventStore } from '@ot/infra/event-store/postgres-event-store.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually, orderWithRequestedEmail } from '../support/email-fixtures.ts';
import { sendGridTo, startNotifier } from '../support/notifier.ts';
import { addOrder, signedInAdmin, signedInCustomer } from '../support/scenario.ts';
import { reject, type SendGridStandIn, serverError, startSendGridStandIn } from '../support/sendgrid-stand-in.ts';
import { type Client, type Stack, startStack } from '../support/stack.ts';

interface Context {
  stack: Stack;
  store: ReturnType<typeof createPostgresEventStore>;
  sendGrid: SendGridStandIn;
  admin: Client;
  customer: Client;
  anonymous: Client;
  stopNotifier: () => Promise<void>;
}

/** send-test-email, retry-email, resend-email, list-email-events, email-stats, retry-queue, through real HTTP. */
const test = suite<Context>('the email endpoints, admin only', {} as Context);

test.before(async (context) => {
  context.stack = await startStack();
  context.store = context.stack.store;
  context.sendGrid = await startSendGridStandIn();
  // A long backoff, so an email that failed once stays in the retry queue while the test looks at it.
  const notifier = startNotifier(context.stack.db.pool, context.store, {
    transport: sendGridTo(context.sendGrid.url),
    retryBaseMs: 600_000,
  });
  context.stopNotifier = notifier.stop;
  context.admin = await signedInAdmin(context.stack);
  const placed = await addOrder(context.admin, { customerEmail: 'customer@example.com' });
  await context.stack.settle();
  context.customer = await signedInCustomer(context.stack, 'customer@example.com', placed.orderNumber);
  context.anonymous = context.stack.client();
});
test.after(async ({ stack, sendGrid, stopNotifier }) => {
  await stopNotifier();
  await sendGrid.stop();
  await stack.stop();
});

const eventsFor = (admin: Client, query: string) => admin.get<EmailEventsPage>(`/api/admin/email-events?${query}`);

const statusOf = (admin: Client, recipient: string) =>
  eventually(
    async () => (await eventsFor(admin, `recipient=${encodeURIComponent(recipient)}`)).body.events,
    (events) => events.length > 0 && events.every((event) => event.deliveryStatus !== 'pending'),
  );

test('every email endpoint answers 401 without a session and 403 to a customer', async ({
  admin,
  customer,
  anonymous,
}) => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/email-events'],
    ['GET', '/api/admin/email-stats?days=30'],
    ['GET', '/api/admin/retry-queue'],
    ['GET', '/api/admin/dev-mailbox'],
    ['POST', '/api/admin/test-email', { email: 'someone@example.com' }],
    ['POST', '/api/admin/retry-email/some-id'],
    ['POST', '/api/admin/email-events/some-id/resend'],
  ];
  for (const [method, path, body] of calls) {
    assert.is((await anonymous.request(method, path, body)).status, 401, `${method} ${path} anonymous`);
    assert.is((await customer.request(method, path, body)).status, 403, `${method} ${path} customer`);
  }
  assert.is((await admin.get('/api/admin/email-events')).status, 200);
});

test('a test email is recorded at once, sent by the notifier and logged by the admin who asked', async ({
  admin,
  sendGrid,
}) => {
  const answer = await admin.post<EmailCommandResponse>('/api/admin/test-email', { email: 'tester@example.com' });
  assert.is(answer.status, 202);
  assert.ok(answer.headers.get('x-event-position'));

  const [event] = await statusOf(admin, 'tester@example.com');
  assert.is(event?.id, answer.body.notificationId);
  assert.is(event?.deliveryStatus, 'sent');
  assert.is(event?.emailType, 'test');
  assert.is(event?.adminUser, 'admin');
  assert.is(event?.orderNumber, null);
  assert.is(event?.subject, 'Test email from Elite Performance Golf');
  assert.is(sendGrid.acceptedFor('tester@example.com')[0]?.subject, 'Test email from Elite Performance Golf');
});

test('a test email needs a valid address of at most 255 characters', async ({ admin }) => {
  for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: `${'a'.repeat(250)}@example.com` }]) {
    const answer = await admin.post<{ message: string }>('/api/admin/test-email', body);
    assert.is(answer.status, 400, JSON.stringify(body));
    assert.type(answer.body.message, 'string');
  }
  assert.is(
    (await admin.post<{ message: string }>('/api/admin/test-email', { email: 'x' })).body.message,
    'Invalid email',
  );
});

test('the log pages 10/25/50/100 at a time (25 by default) with its pagination fields', async ({ admin }) => {
  for (let i = 1; i <= 27; i++) {
    await admin.post('/api/admin/test-email', { email: `page-${String(i).padStart(2, '0')}@pages.example.com` });
  }
  const first = await eventsFor(admin, 'recipient=pages.example.com');
  assert.is(first.status, 200);
  assert.is(first.body.events.length, 25);
  assert.equal(first.body.pagination, { page: 1, limit: 25, total: 27, totalPages: 2, hasPrev: false, hasNext: true });
  assert.is(first.body.events[0]?.recipientEmail, 'page-27@pages.example.com', 'newest first');

  const third = await eventsFor(admin, 'recipient=pages.example.com&limit=10&page=3');
  assert.is(third.body.events.length, 7);
  assert.equal(third.body.pagination, { page: 3, limit: 10, total: 27, totalPages: 3, hasPrev: true, hasNext: false });

  const beyond = await eventsFor(admin, 'recipient=pages.example.com&limit=10&page=9');
  assert.equal(beyond.body.pagination, { page: 9, limit: 10, total: 27, totalPages: 3, hasPrev: true, hasNext: false });
  assert.is(beyond.body.events.length, 0);

  for (const bad of ['limit=7', 'limit=1000', 'page=0', 'page=-1', 'page=abc', 'deliveryStatus=lost']) {
    const answer = await admin.get<{ message: string }>(`/api/admin/email-events?${bad}`);
    assert.is(answer.status, 400, bad);
    assert.type(answer.body.message, 'string');
  }
});

test('the log filters by order number, recipient and delivery status (all means no filter)', async ({
  admin,
  store,
  sendGrid,
}) => {
  sendGrid.script('filtered-fail@example.com', reject());
  await orderWithRequestedEmail(store, 'FLT-0001', 'filtered-ok@example.com');
  await orderWithRequestedEmail(store, 'FLT-0002', 'filtered-fail@example.com');
  await statusOf(admin, 'filtered-ok@example.com');
  await statusOf(admin, 'filtered-fail@example.com');

  const byOrder = await eventsFor(admin, 'orderNumber=flt-0001');
  assert.equal(
    byOrder.body.events.map((event) => event.orderNumber),
    ['FLT-0001'],
  );
  const failed = await eventsFor(admin, 'orderNumber=FLT&deliveryStatus=failed');
  assert.equal(
    failed.body.events.map((event) => event.recipientEmail),
    ['filtered-fail@example.com'],
  );
  const all = await eventsFor(admin, 'orderNumber=FLT&deliveryStatus=all');
  assert.is(all.body.pagination.total, 2);
  const none = await eventsFor(admin, 'recipient=nobody-at-all');
  assert.equal(none.body.pagination, { page: 1, limit: 25, total: 0, totalPages: 0, hasPrev: false, hasNext: false });
});

test('stats count the period per delivery status', async ({ admin }) => {
  const page = await eventsFor(admin, 'limit=100');
  const answer = await admin.get<EmailStats>('/api/admin/email-stats?days=30');
  assert.is(answer.status, 200);
  assert.is(answer.body.period, '30 days');
  assert.is(answer.body.totalEvents, page.body.pagination.total);
  const count = (status: string) => answer.body.summary.find((row) => row.delivery_status === status)?.total_count ?? 0;
  assert.is(count('sent') + count('failed') + count('pending'), answer.body.totalEvents);
  assert.ok(count('failed') >= 1);
  assert.is((await admin.get<EmailStats>('/api/admin/email-stats')).body.period, '30 days');
  assert.is((await admin.get('/api/admin/email-stats?days=zero')).status, 400);
});

test('a failed email waits in the retry queue; Retry sends it now and it leaves the queue', async ({
  admin,
  store,
  sendGrid,
}) => {
  sendGrid.script('queued@example.com', serverError);
  const id = await orderWithRequestedEmail(store, 'RTQ-0001', 'queued@example.com');
  const queue = await eventually(
    async () => (await admin.get<RetryQueue>('/api/admin/retry-queue')).body,
    (body) => body.emails.some((email) => email.recipientEmail === 'queued@example.com'),
  );
  const entry = queue.emails.find((email) => email.recipientEmail === 'queued@example.com');
  assert.is(queue.queueSize, queue.emails.length);
  assert.is(entry?.orderNumber, 'RTQ-0001');
  assert.is(entry?.retryCount, 1);
  assert.ok(Date.parse(entry?.nextAttempt ?? '') > Date.now() + 60_000, 'the automatic retry is minutes away');
  const [logged] = (await eventsFor(admin, 'recipient=queued@example.com')).body.events;
  assert.is(logged?.deliveryStatus, 'failed');

  const retried = await admin.post<EmailCommandResponse>(`/api/admin/retry-email/${id}`);
  assert.is(retried.status, 202);
  assert.is(retried.body.orderNumber, 'RTQ-0001');

  const [sent] = await statusOf(admin, 'queued@example.com');
  assert.is(sent?.deliveryStatus, 'sent');
  assert.is(sendGrid.acceptedFor('queued@example.com').length, 1);
  const after = await admin.get<RetryQueue>('/api/admin/retry-queue');
  assert.not.ok(after.body.emails.some((email) => email.recipientEmail === 'queued@example.com'));
});

test('Retry is only for failed emails: a sent one is a 409, an unknown one a 404, a malformed id a 400', async ({
  admin,
}) => {
  const sent = await admin.post<EmailCommandResponse>('/api/admin/test-email', { email: 'retry-sent@example.com' });
  await statusOf(admin, 'retry-sent@example.com');
  const again = await admin.post<{ message: string }>(`/api/admin/retry-email/${sent.body.notificationId}`);
  assert.is(again.status, 409);
  assert.is(again.body.message, 'This email was already sent. Use Resend to send it again.');
  assert.is((await admin.post('/api/admin/retry-email/00000000-0000-4000-8000-000000000000')).status, 404);
  assert.is((await admin.post('/api/admin/retry-email/not%20an%20id')).status, 400);
});

test('a failed email retried by hand after its last attempt gets a new round and is sent', async ({
  admin,
  store,
  sendGrid,
}) => {
  sendGrid.script('rejected-then-fixed@example.com', reject());
  const id = await orderWithRequestedEmail(store, 'RTQ-0002', 'rejected-then-fixed@example.com');
  const [failed] = await statusOf(admin, 'rejected-then-fixed@example.com');
  assert.is(failed?.deliveryStatus, 'failed');
  assert.is(failed?.nextAttempt, null);

  assert.is((await admin.post(`/api/admin/retry-email/${id}`)).status, 202);

  const [sent] = await statusOf(admin, 'rejected-then-fixed@example.com');
  assert.is(sent?.deliveryStatus, 'sent');
  assert.is(sent?.retryCount, 0);
});

test('Resend sends a new email with the same content, even after the order changed, and answers its order number', async ({
  admin,
  store,
  sendGrid,
}) => {
  const id = await orderWithRequestedEmail(store, 'RSD-0001', 'resend@example.com');
  await statusOf(admin, 'resend@example.com');
  await store.append(
    'order-RSD-0001',
    [
      {
        id: crypto.randomUUID(),
        type: 'TrackingNumberAssigned',
        data: { trackingNumber: 'PF-LATER' },
        metadata: {
          actor: { kind: 'admin', id: 'a', name: 'admin' },
          occurredAt: new Date().toISOString(),
          commandId: crypto.randomUUID(),
          correlationId: crypto.randomUUID(),
          causationId: null,
        },
      },
    ],
    { expectedVersion: 'any' },
  );

  const answer = await admin.post<EmailCommandResponse>(`/api/admin/email-events/${id}/resend`, undefined, {
    'content-type': 'application/json',
  });
  assert.is(answer.status, 202);
  assert.is(answer.body.orderNumber, 'RSD-0001');

  const events = await eventually(
    async () => (await eventsFor(admin, 'recipient=resend@example.com')).body.events,
    (list) => list.length === 2 && list.every((event) => event.deliveryStatus === 'sent'),
  );
  const [resent, original] = events;
  assert.is(resent?.resendOf, id);
  assert.is(resent?.adminUser, 'admin');
  assert.is(resent?.orderNumber, 'RSD-0001');
  assert.is(resent?.subject, original?.subject);
  const [first, second] = sendGrid.acceptedFor('resend@example.com');
  assert.is(second?.html, first?.html);
  assert.is(second?.text, first?.text);
  assert.not.match(second?.text ?? '', 'PF-LATER');
});

test('Resend of an unknown email is a 404 with the reason in field error', async ({ admin }) => {
  const answer = await admin.post<{ error: string }>(
    '/api/admin/email-events/00000000-0000-4000-8000-000000000000/resend',
  );
  assert.is(answer.status, 404);
  assert.is(answer.body.error, 'Email event not found');
  assert.is((await admin.post('/api/admin/email-events/bad%20id/resend')).status, 400);
});

test("an admin's edit with Notify Customer emails the customer the new status, without moving the order's version", async ({
  admin,
  sendGrid,
}) => {
  const order = await addOrder(admin, { customerEmail: 'notify.me@example.com' });
  const item = order.items[0];
  assert.ok(item);
  const edited = await admin.patch<{ version: number }>(
    `/api/admin/orders/${order.orderNumber}/items/${item.id}`,
    { status: 'order_checked_ready_for_collection', estimatedDelivery: '2026-12-24' },
    { 'x-send-email': 'true', 'If-Match': `"${order.version}"` },
  );
  assert.is(edited.status, 200);

  const [event] = await statusOf(admin, 'notify.me@example.com');
  assert.is(event?.deliveryStatus, 'sent');
  assert.is(event?.orderNumber, order.orderNumber);
  assert.is(event?.adminUser, 'admin');
  const [mail] = sendGrid.acceptedFor('notify.me@example.com');
  assert.match(mail?.subject ?? '', order.orderNumber);
  assert.match(mail?.text ?? '', 'Order Checked & Ready For Collection (ETA: Dec 24, 2026)');
  const after = await admin.get<{ version: number }>(`/api/orders/${order.orderNumber}`);
  assert.is(after.body.version, edited.body.version);
});

test.run();
