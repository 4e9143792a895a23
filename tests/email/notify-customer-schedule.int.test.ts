import { MAX_DELIVERY_ATTEMPTS } from '@ot/contracts/email/email-fields.ts';
import type { EmailEventsPage, EmailEventView, EmailStats, RetryQueue } from '@ot/contracts/email/email-views.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../support/email-fixtures.ts';
import { NotifierProcess } from '../support/notifier.ts';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import {
  accept,
  type Exchange,
  hang,
  rateLimit,
  reject,
  type SendGridStandIn,
  STAND_IN_API_KEY,
  serverError,
  startSendGridStandIn,
} from '../support/sendgrid-stand-in.ts';
import { type Client, type Stack, startStack } from '../support/stack.ts';

const SEND_TIMEOUT_MS = 500;
const RATE_LIMIT_RESET_S = 2;

interface Context {
  stack: Stack;
  sendGrid: SendGridStandIn;
  notifier: NotifierProcess;
  admin: Client;
}

const test = suite<Context>(
  'Notify Customer through a SendGrid that fails on a schedule: what arrived, the log, the stats and the retry queue agree',
  {} as Context,
);

test.before(async (context) => {
  context.stack = await startStack();
  context.sendGrid = await startSendGridStandIn();
  // The notifier as `npm start` runs it, configured by the environment only.
  context.notifier = new NotifierProcess({
    DATABASE_URL: context.stack.db.url,
    SENDGRID_API_KEY: STAND_IN_API_KEY,
    SENDGRID_API_BASE_URL: context.sendGrid.url.replace(/\/$/, ''), // as an operator writes it, no trailing slash
    EMAIL_RETRY_BASE_MS: '150',
    EMAIL_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
    LOG_LEVEL: 'info',
  });
  context.admin = await signedInAdmin(context.stack);
});
test.after(async ({ stack, sendGrid, notifier }) => {
  await notifier.kill();
  await sendGrid.stop();
  await stack.stop();
});

/** What the stand-in's answers say each email's log row must end as. */
function expectedOutcome(answers: Exchange['answer'][]) {
  const last = answers.at(-1);
  if (last?.kind === 'accept') return { deliveryStatus: 'sent', retryCount: answers.length - 1 };
  return { deliveryStatus: 'failed', retryCount: answers.length };
}

const settled = (event: EmailEventView) =>
  event.deliveryStatus === 'sent' || (event.deliveryStatus === 'failed' && event.nextAttempt === null);

test('every edit with Notify Customer is emailed once; failures, retries, stats and the retry queue match what SendGrid answered', async ({
  sendGrid,
  notifier,
  admin,
}) => {
  await eventually(
    async () => notifier.said('notifier active'),
    (ok) => ok,
  );
  // Given: SendGrid answers in this order, whoever the email is for: accepted, rate limited (with its reset
  // headers), a 500, a hang past EMAIL_SEND_TIMEOUT_MS, a 400, more trouble, then all is well again.
  sendGrid.schedule(
    accept,
    rateLimit(RATE_LIMIT_RESET_S),
    serverError,
    hang,
    reject('Does not contain a valid address.'),
    serverError,
    { kind: 'server-error', status: 503 },
    hang,
  );
  // And one customer whose every attempt fails, so an email runs out of attempts.
  sendGrid.script('three.strikes@example.com', serverError, hang, { kind: 'server-error', status: 502 });

  const recipients = [1, 2, 3, 4, 5, 6].map((n) => `schedule.${n}@example.com`).concat('three.strikes@example.com');
  const orders = new Map<string, OrderView>();
  const versions = new Map<string, number>();
  for (const customerEmail of recipients) orders.set(customerEmail, await addOrder(admin, { customerEmail }));

  // When: an admin saves an edit of each order with Notify Customer ticked (the last item call carries the header).
  for (const order of orders.values()) {
    const item = order.items[1];
    assert.ok(item);
    const edited = await admin.patch<OrderView>(
      `/api/admin/orders/${order.orderNumber}/items/${item.id}`,
      { status: 'order_placed_with_manufacturer', estimatedDelivery: '2026-12-24' },
      { 'x-send-email': 'true' },
    );
    assert.is(edited.status, 200);
    versions.set(order.orderNumber, edited.body.version);
  }

  // While SendGrid's rate-limit window is open, the rate-limited email waits in the retry queue, logged as failed.
  const limited = await eventually(
    async () => sendGrid.exchanges.find((exchange) => exchange.answer.kind === 'rate-limit'),
    (exchange) => exchange !== undefined,
  );
  const limitedTo = limited?.mail.to ?? '';
  const waiting = await eventually(
    async () => (await admin.get<RetryQueue>('/api/admin/retry-queue')).body,
    (queue) => queue.emails.some((email) => email.recipientEmail === limitedTo),
  );
  if (Date.now() < (limited?.resetAt ?? 0)) {
    const entry = waiting.emails.find((email) => email.recipientEmail === limitedTo);
    assert.is(entry?.retryCount, 1);
    assert.is(entry?.orderNumber, orders.get(limitedTo)?.orderNumber);
    assert.ok(Date.parse(entry?.nextAttempt ?? '') >= (limited?.resetAt ?? 0), 'the retry waits for the reset');
    const [logged] = (
      await admin.get<EmailEventsPage>(`/api/admin/email-events?recipient=${encodeURIComponent(limitedTo)}`)
    ).body.events;
    assert.is(logged?.deliveryStatus, 'failed');
    assert.is(logged?.retryCount, 1);
  }

  // Then: once every email has its final outcome...
  const page = await eventually(
    async () => (await admin.get<EmailEventsPage>('/api/admin/email-events?limit=100')).body,
    (body) => body.events.length === recipients.length && body.events.every(settled),
    30_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 600));
  assert.is(sendGrid.exchanges.length, sendGrid.requests.length);
  const requestsSoFar = sendGrid.requests.length;

  for (const recipient of recipients) {
    const exchanges = sendGrid.exchanges.filter((exchange) => exchange.mail.to === recipient);
    const answers = exchanges.map((exchange) => exchange.answer);
    const accepted = sendGrid.acceptedFor(recipient);
    const events = page.events.filter((event) => event.recipientEmail === recipient);
    const order = orders.get(recipient);
    const kinds = answers.map((answer) => answer.kind).join(', ');

    // ...SendGrid was asked at most 3 times, never again after a 202 or a 400, and accepted it at most once...
    assert.ok(answers.length >= 1 && answers.length <= MAX_DELIVERY_ATTEMPTS, `${recipient}: ${kinds}`);
    const final = answers.findIndex((answer) => answer.kind === 'accept' || answer.kind === 'reject');
    assert.ok(final === -1 || final === answers.length - 1, `${recipient} asked again after ${kinds}`);
    assert.is(accepted.length, answers.at(-1)?.kind === 'accept' ? 1 : 0, `${recipient} accepted once at most`);
    if (answers.at(-1)?.kind !== 'accept' && answers.at(-1)?.kind !== 'reject') {
      assert.is(answers.length, MAX_DELIVERY_ATTEMPTS, `${recipient} gave up early: ${kinds}`);
    }
    // ...and the log has it once, as it happened.
    assert.is(events.length, 1, recipient);
    const [event] = events;
    assert.equal(
      { deliveryStatus: event?.deliveryStatus, retryCount: event?.retryCount },
      expectedOutcome(answers),
      `${recipient}: ${kinds}`,
    );
    assert.is(event?.orderNumber, order?.orderNumber);
    assert.is(event?.orderId, order?.id);
    assert.is(event?.emailType, 'order_update');
    assert.is(event?.adminUser, 'admin');
    assert.is(event?.status, 'order_being_processed');
    assert.is(event?.nextAttempt, null);
    assert.is(event?.subject, sendGrid.requests.find((mail) => mail.to === recipient)?.subject);
    if (event?.deliveryStatus === 'sent') {
      assert.is(accepted[0]?.subject, event.subject);
      if (answers.length > 1) assert.is(event.notes, `Delivered on attempt ${answers.length} of 3.`);
    } else if (answers.at(-1)?.kind === 'reject') {
      assert.is(event?.notes, 'Failed, not retried: SendGrid answered 400: Does not contain a valid address.');
    } else {
      assert.match(event?.notes ?? '', /^Failed after 3 attempts: /);
    }
  }
  const sentInLog = page.events.filter((event) => event.deliveryStatus === 'sent').map((event) => event.recipientEmail);
  assert.equal(sentInLog.sort(), sendGrid.accepted.map((mail) => mail.to).sort(), 'the log shows what SendGrid took');

  // A 429 holds every send, not only the email it answered, until SendGrid's window resets.
  for (const exchange of sendGrid.exchanges) {
    if (exchange.resetAt === null) continue;
    const early = sendGrid.exchanges.filter((other) => other.at > exchange.at && other.at < (exchange.resetAt ?? 0));
    assert.equal(
      early.map((other) => other.mail.to),
      [],
      'sent during the rate-limit window',
    );
  }

  // The schedule was played out: every kind of answer happened, and an email ran out of attempts.
  const kindsSeen = new Set(sendGrid.exchanges.map((exchange) => exchange.answer.kind));
  assert.equal([...kindsSeen].sort(), ['accept', 'hang', 'rate-limit', 'reject', 'server-error']);
  const failed = page.events.filter((event) => event.deliveryStatus === 'failed');
  assert.ok(failed.some((event) => event.retryCount === MAX_DELIVERY_ATTEMPTS));
  assert.ok(failed.some((event) => event.retryCount === 1));

  // Stats and the retry queue say the same, in the API's field names.
  const stats = await admin.get<EmailStats>('/api/admin/email-stats?days=30');
  assert.is(stats.status, 200);
  assert.equal(Object.keys(stats.body).sort(), ['period', 'possibleDuplicates', 'summary', 'totalEvents']);
  assert.is(stats.body.totalEvents, recipients.length);
  assert.is(stats.body.period, '30 days');
  assert.is(stats.body.possibleDuplicates, 0);
  for (const row of stats.body.summary) assert.equal(Object.keys(row).sort(), ['delivery_status', 'total_count']);
  const summary = Object.fromEntries(stats.body.summary.map((row) => [row.delivery_status, row.total_count]));
  assert.equal(summary, { sent: sentInLog.length, failed: failed.length });

  const queue = await admin.get<RetryQueue>('/api/admin/retry-queue');
  assert.equal(queue.body, { queueSize: 0, emails: [] });

  // The log's fields are those of email_events, with the API's pagination.
  for (const field of [
    'id',
    'orderId',
    'orderNumber',
    'recipientEmail',
    'emailType',
    'status',
    'subject',
    'sentAt',
    'deliveryStatus',
    'notes',
    'adminUser',
  ]) {
    assert.ok(
      page.events.every((event) => field in event),
      field,
    );
  }
  assert.ok(page.events.every((event) => !Number.isNaN(Date.parse(event.sentAt))));
  assert.equal(page.pagination, {
    page: 1,
    limit: 100,
    total: recipients.length,
    totalPages: 1,
    hasPrev: false,
    hasNext: false,
  });

  // Nothing more goes out afterwards, and no email moved its order's version.
  assert.is(sendGrid.requests.length, requestsSoFar);
  for (const order of orders.values()) {
    const now = await admin.get<{ version: number }>(`/api/orders/${order.orderNumber}`);
    assert.is(now.body.version, versions.get(order.orderNumber));
  }
});

test.run();
