import { createPostgresEventStore } from '@ot/infra/event-store/postgres-event-store.ts';
import { freePort } from '@ot/infra/launcher/free-port.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { projections } from '../../projector/src/projections/all-projections.ts';
import { createProjector } from '../../projector/src/runtime/projector.ts';
import { eventually, orderWithRequestedEmail } from '../support/email-fixtures.ts';
import { NotifierProcess } from '../support/notifier.ts';
import { hang, type SendGridStandIn, STAND_IN_API_KEY, startSendGridStandIn } from '../support/sendgrid-stand-in.ts';

interface Context {
  db: TestDatabase;
  store: ReturnType<typeof createPostgresEventStore>;
  sendGrid: SendGridStandIn;
  env: Record<string, string>;
  healthPort: number;
  children: NotifierProcess[];
  stop: () => Promise<void>;
}

const test = suite<Context>('the notifier killed with SIGKILL mid-batch', {} as Context);

test.before(async (context) => {
  context.db = await createTestDatabase();
  context.store = createPostgresEventStore(context.db.pool);
  context.sendGrid = await startSendGridStandIn();
  context.healthPort = await freePort();
  context.env = {
    DATABASE_URL: context.db.url,
    SENDGRID_API_KEY: STAND_IN_API_KEY,
    SENDGRID_API_BASE_URL: context.sendGrid.url,
    EMAIL_RETRY_BASE_MS: '50',
    EMAIL_SEND_TIMEOUT_MS: '5000',
    LOG_LEVEL: 'info',
  };
  context.children = [];
  const projector = createProjector({
    pool: context.db.pool,
    store: context.store,
    projections,
    logger: createLogger('test', 'silent'),
    pollMs: 50,
  });
  const projecting = projector.run();
  context.stop = async () => {
    projector.stop();
    await projecting;
  };
});
test.after(async ({ db, sendGrid, children, stop }) => {
  await Promise.all(children.map((child) => child.kill()));
  await stop();
  await sendGrid.stop();
  await db.drop();
});

const start = (context: Context, extra: Record<string, string> = {}) => {
  const child = new NotifierProcess({ ...context.env, ...extra });
  context.children.push(child);
  return child;
};

const until = (check: () => boolean, timeoutMs = 20_000) =>
  eventually(
    async () => check(),
    (ok) => ok,
    timeoutMs,
  );

async function requestEmails(context: Context, batch: string, count: number) {
  const recipients = Array.from({ length: count }, (_, i) => `${batch}-${i + 1}@example.com`);
  for (const [i, recipient] of recipients.entries()) {
    await orderWithRequestedEmail(context.store, `${batch.toUpperCase()}-${i + 1}`, recipient);
  }
  return recipients;
}

const allLoggedSent = (db: TestDatabase, recipients: string[]) =>
  eventually(
    async () =>
      (
        await db.pool.query<{ n: number }>(
          `select count(*)::int as n from rm.email_events where delivery_status = 'sent' and recipient_email = any($1)`,
          [recipients],
        )
      ).rows[0]?.n,
    (n) => n === recipients.length,
    30_000,
  );

const unknownOutcomes = async (db: TestDatabase) =>
  (await db.pool.query<{ n: number }>('select coalesce(sum(unknown_outcomes), 0)::int as n from email.deliveries'))
    .rows[0]?.n ?? 0;

test('killed while an attempt is in flight: a standby takes over and every email is sent exactly once', async (context) => {
  const { db, sendGrid } = context;
  const active = start(context, { NOTIFIER_HEALTH_PORT: String(context.healthPort) });
  await until(() => active.said('notifier active'));
  const standby = start(context);
  await until(() => standby.said('waiting as standby'));

  // SendGrid never answers the 5th email's first attempt: the notifier dies while waiting for it.
  sendGrid.script('crash-a-5@example.com', hang);
  sendGrid.onRequest = async (mail) => {
    if (mail.to === 'crash-a-5@example.com' && !active.child.killed) await active.kill();
  };
  const recipients = await requestEmails(context, 'crash-a', 12);

  await allLoggedSent(db, recipients);
  sendGrid.onRequest = null;

  for (const recipient of recipients) {
    assert.is(sendGrid.acceptedFor(recipient).length, 1, `${recipient} got exactly one email`);
  }
  assert.ok(active.child.killed);
  assert.ok(standby.said('notifier active'), 'the standby took over');
  assert.ok(standby.said('outcome is unknown'), 'the unknown outcome is logged');
  assert.is(await unknownOutcomes(db), 1);
  const notes = await db.pool.query<{ notes: string | null }>(
    'select notes from rm.email_events where recipient_email = $1',
    ['crash-a-5@example.com'],
  );
  assert.match(notes.rows[0]?.notes ?? '', 'may have received this email twice');
});

test('killed just after SendGrid accepted an email: at most that one email goes twice, counted and logged', async (context) => {
  const { db, sendGrid } = context;
  const before = await unknownOutcomes(db);
  const running = context.children.find((child) => !child.child.killed) as NotifierProcess;
  sendGrid.onAccepted = (mail) => {
    if (mail.to === 'crash-b-4@example.com') running.child.kill('SIGKILL');
  };
  const recipients = await requestEmails(context, 'crash-b', 8);
  await running.exited;
  sendGrid.onAccepted = null;
  const restarted = start(context, { NOTIFIER_HEALTH_PORT: String(context.healthPort) });

  await allLoggedSent(db, recipients);

  const counted = (await unknownOutcomes(db)) - before;

  const duplicates = recipients.filter((recipient) => sendGrid.acceptedFor(recipient).length > 1);
  for (const recipient of recipients) assert.ok(sendGrid.acceptedFor(recipient).length >= 1, `${recipient} got it`);
  assert.ok(counted <= 1, 'a crash leaves at most one attempt with an unknown outcome');
  assert.ok(duplicates.length <= counted, 'every duplicate is counted');
  assert.ok(duplicates.every((recipient) => recipient === 'crash-b-4@example.com'));
  if (counted === 1) assert.ok(restarted.said('outcome is unknown'));

  const metrics = await (await fetch(`http://127.0.0.1:${context.healthPort}/metrics`)).text();
  assert.match(metrics, `email_unknown_outcome_total ${before + counted}`);
  assert.match(metrics, 'email_notifier_active 1');
});

test.run();
