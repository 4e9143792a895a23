import { createPostgresEventStore } from '@ot/infra/event-store/postgres-event-store.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually, orderWithRequestedEmail } from '../support/email-fixtures.ts';
import { NotifierProcess } from '../support/notifier.ts';

interface Context {
  db: TestDatabase;
  store: ReturnType<typeof createPostgresEventStore>;
  notifier: NotifierProcess;
}

const test = suite<Context>('the notifier when its database connections are cut', {} as Context);

test.before(async (context) => {
  context.db = await createTestDatabase();
  context.store = createPostgresEventStore(context.db.pool);
  // The dev mailbox transport (no SENDGRID_API_KEY): every email it sends is a row we can count.
  context.notifier = new NotifierProcess({ DATABASE_URL: context.db.url, LOG_LEVEL: 'info', SENDGRID_API_KEY: '' });
});
test.after(async ({ db, notifier }) => {
  await notifier.kill();
  await db.drop();
});

/** pg_terminate_backend on every connection to the test database but the one doing it. */
async function cutEveryConnection(db: TestDatabase): Promise<void> {
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  await admin.end();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('cut three times: the process lives on, re-LISTENs, and every requested email goes out', async ({
  db,
  store,
  notifier,
}) => {
  await eventually(
    async () => notifier.said('notifier active'),
    (ok) => ok,
    20_000,
  );
  const requested: string[] = [];
  for (let round = 1; round <= 3; round++) {
    for (let i = 1; i <= 3; i++) {
      const id = await eventually(
        () => orderWithRequestedEmail(store, `CUT-${round}${i}`, `cut-${round}-${i}@example.com`).catch(() => null),
        (value) => value !== null,
      );
      requested.push(id ?? '');
    }
    await sleep(100);
    await cutEveryConnection(db);
    await sleep(300);
  }
  // Asked for after the last cut: only a notifier that listens again (or polls) sends it.
  requested.push(
    (await eventually(
      () => orderWithRequestedEmail(store, 'CUT-LAST', 'cut-last@example.com').catch(() => null),
      (value) => value !== null,
    )) ?? '',
  );

  const sent = await eventually(
    async () =>
      (
        await db.pool
          .query<{ id: string }>('select distinct notification_id as id from email.dev_mailbox')
          .catch(() => ({ rows: [] }))
      ).rows.map((row) => row.id),
    (ids) => requested.every((id) => ids.includes(id)),
    30_000,
  );
  assert.is(sent.length, requested.length, 'every requested email, and nothing else');
  assert.is(notifier.child.exitCode, null, 'the notifier process did not die');
  assert.ok(notifier.said('resuming from its checkpoint'), 'it noticed the cuts and reconnected');
  // At-least-once: an email goes twice only where a cut hid an attempt's outcome, and then it is counted.
  const { rows } = await db.pool.query<{ extra: number; unknown: number }>(
    `select (select count(*) - count(distinct notification_id) from email.dev_mailbox)::int as extra,
            (select coalesce(sum(unknown_outcomes), 0) from email.deliveries)::int as unknown`,
  );
  assert.ok((rows[0]?.extra ?? 0) <= (rows[0]?.unknown ?? 0), 'no unexplained duplicate');
});

test.run();
