import { createPostgresEventStore } from '@ot/infra/event-store/postgres-event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { projections } from '../../projector/src/projections/all-projections.ts';
import { createProjector } from '../../projector/src/runtime/projector.ts';
import { eventually, orderWithRequestedEmail } from '../support/email-fixtures.ts';
import { sendGridTo, startNotifier } from '../support/notifier.ts';
import {
  hang,
  rateLimit,
  reject,
  type SendGridStandIn,
  serverError,
  startSendGridStandIn,
} from '../support/sendgrid-stand-in.ts';

interface LogRow {
  delivery_status: string;
  retry_count: number;
  next_attempt: Date | null;
  subject: string | null;
  notes: string | null;
  order_number: string | null;
  admin_user: string | null;
  status: string | null;
}

interface Context {
  db: TestDatabase;
  store: ReturnType<typeof createPostgresEventStore>;
  sendGrid: SendGridStandIn;
  stop: () => Promise<void>;
}

const test = suite<Context>('notification emails through SendGrid (a local stand-in, the real @sendgrid/mail client)', {
  db: undefined as never,
  store: undefined as never,
  sendGrid: undefined as never,
  stop: undefined as never,
});

test.before(async (context) => {
  context.db = await createTestDatabase();
  context.store = createPostgresEventStore(context.db.pool);
  context.sendGrid = await startSendGridStandIn();
  const projector = createProjector({
    pool: context.db.pool,
    store: context.store,
    projections,
    logger: createLogger('test', 'silent'),
    pollMs: 50,
  });
  const projecting = projector.run();
  const notifier = startNotifier(context.db.pool, context.store, { transport: sendGridTo(context.sendGrid.url) });
  context.stop = async () => {
    await notifier.stop();
    projector.stop();
    await projecting;
  };
});
test.after(async ({ db, sendGrid, stop }) => {
  await stop();
  await sendGrid.stop();
  await db.drop();
});

const logRow = async (db: TestDatabase, id: string): Promise<LogRow | null> =>
  (await db.pool.query<LogRow>('select * from rm.email_events where id = $1', [id])).rows[0] ?? null;

const settledLog = (db: TestDatabase, id: string, status: 'sent' | 'failed') =>
  eventually(
    () => logRow(db, id),
    (row) => row?.delivery_status === status && row.next_attempt === null,
  );

const queued = async (db: TestDatabase, id: string) =>
  (await db.pool.query<{ retry_count: number }>('select retry_count from rm.email_retry_queue where id = $1', [id]))
    .rows[0] ?? null;

test('an email SendGrid accepts at once is sent once, with the order in it, and logged as sent', async ({
  db,
  store,
  sendGrid,
}) => {
  const id = await orderWithRequestedEmail(store, 'EP-1001', 'first.time@example.com', {
    customerName: 'Jane <b>Golfer</b>',
    trackingNumber: 'PF123456789GB',
  });

  const row = await settledLog(db, id, 'sent');

  const [mail, ...more] = sendGrid.acceptedFor('first.time@example.com');
  assert.ok(mail);
  assert.is(more.length, 0);
  assert.is(mail.from, 'orders@studio.example.test');
  assert.is(mail.notificationId, id);
  assert.match(mail.subject, 'EP-1001');
  for (const part of [mail.html, mail.text]) {
    assert.match(part, 'Elite Performance Golf');
    assert.match(part, 'Order Placed With Manufacturer');
    assert.match(part, 'Dec 05, 2026');
    assert.match(part, 'TBC');
    assert.match(part, 'https://www.parcelforce.com/track-trace?trackNumber=PF123456789GB');
    assert.match(part, 'https://track.example.test/orders/EP-1001');
  }
  assert.match(mail.html, 'Jane &lt;b&gt;Golfer&lt;/b&gt;');
  assert.not.match(mail.html, '<b>Golfer');
  assert.equal(
    { ...row, next_attempt: undefined },
    {
      ...row,
      delivery_status: 'sent',
      retry_count: 0,
      subject: mail.subject,
      order_number: 'EP-1001',
      admin_user: 'studio.admin',
      status: 'order_being_processed',
      next_attempt: undefined,
    },
  );
  assert.is(await queued(db, id), null);
});

test('an email failing twice (a 5xx, then a 429) is sent on its third attempt, after the rate-limit reset', async ({
  db,
  store,
  sendGrid,
}) => {
  sendGrid.script('twice@example.com', serverError, rateLimit(2));
  const arrivals: number[] = [];
  const queueSeen: (number | null)[] = [];
  sendGrid.onRequest = async (mail) => {
    if (mail.to !== 'twice@example.com') return;
    arrivals.push(Date.now());
    // The retry queue is a read model: allow the projector a moment (a busy server delays it past the
    // 40 ms backoff), but the attempt count must be there before this attempt is answered.
    const expected = arrivals.length - 1;
    if (expected > 0) {
      const row = await eventually(
        () => queued(db, mail.notificationId ?? ''),
        (found) => (found?.retry_count ?? 0) >= expected,
        2000,
      ).catch(() => null);
      queueSeen.push(row?.retry_count ?? null);
    }
  };
  const id = await orderWithRequestedEmail(store, 'EP-1002', 'twice@example.com');

  const row = await settledLog(db, id, 'sent');
  sendGrid.onRequest = null;

  assert.is(sendGrid.requests.filter((mail) => mail.to === 'twice@example.com').length, 3);
  assert.is(sendGrid.acceptedFor('twice@example.com').length, 1);
  assert.is(row?.retry_count, 2);
  assert.is(row?.notes, 'Delivered on attempt 3 of 3.');
  // The 429 said the window resets at the start of a second 1-2 s away: the third attempt waited for it,
  // not for the 40 ms backoff.
  const [, second = 0, third = 0] = arrivals;
  assert.ok(third - second >= 900, `waited ${third - second} ms after the 429`);
  assert.equal(queueSeen, [1, 2]);
  assert.is(await queued(db, id), null);
});

test('an email failing three times (a 5xx, a hang past the timeout, a 5xx) leaves the queue and stays failed', async ({
  db,
  store,
  sendGrid,
}) => {
  sendGrid.script('never@example.com', serverError, hang, { kind: 'server-error', status: 503 });
  const id = await orderWithRequestedEmail(store, 'EP-1003', 'never@example.com');

  const row = await settledLog(db, id, 'failed');

  assert.is(sendGrid.requests.filter((mail) => mail.to === 'never@example.com').length, 3);
  assert.is(sendGrid.acceptedFor('never@example.com').length, 0);
  assert.is(row?.retry_count, 3);
  assert.match(row?.notes ?? '', /^Failed after 3 attempts: SendGrid answered 503/);
  assert.is(await queued(db, id), null);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.is(sendGrid.requests.filter((mail) => mail.to === 'never@example.com').length, 3, 'no fourth attempt');
});

test('a 400 from SendGrid fails at once, without a retry', async ({ db, store, sendGrid }) => {
  sendGrid.script('rejected@example.com', reject('The from address does not match a verified Sender Identity.'));
  const id = await orderWithRequestedEmail(store, 'EP-1004', 'rejected@example.com');

  const row = await settledLog(db, id, 'failed');

  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.is(sendGrid.requests.filter((mail) => mail.to === 'rejected@example.com').length, 1);
  assert.is(row?.retry_count, 1);
  assert.is(
    row?.notes,
    'Failed, not retried: SendGrid answered 400: The from address does not match a verified Sender Identity.',
  );
  assert.is(await queued(db, id), null);
});

test('outcomes go to the email stream and never move the order version', async ({ db, store }) => {
  const id = await orderWithRequestedEmail(store, 'EP-1005', 'versions@example.com');
  await settledLog(db, id, 'sent');

  const order = await store.readStream('order-EP-1005');
  const email = await store.readStream(`email-${id}`);
  assert.equal(
    order.map((event) => event.type),
    ['OrderPlaced', 'CustomerNotificationRequested'],
  );
  assert.equal(
    email.map((event) => event.type),
    ['EmailSent'],
  );
});

test.run();
