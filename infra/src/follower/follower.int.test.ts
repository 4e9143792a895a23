import { randomUUID } from 'node:crypto';
import pg from 'pg';
import * as assert from 'uvu/assert';
import { type Checkpoint, type EventStore, type NewEvent, start } from '../event-store/event-store.ts';
import { event } from '../event-store/testing/event-store-contract.ts';
import { postgresStoreSuite } from '../event-store/testing/postgres-store-suite.ts';
import { createLogger } from '../logger.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import { createFollower } from './follower.ts';

const test = postgresStoreSuite('the checkpointed follower', (db) =>
  db.pool.query('create table applied (event_id uuid not null, position bigint not null)'),
);

const logger = createLogger('follower', process.env.TEST_LOG_LEVEL ?? 'silent');

/** The position a follower's checkpoint row holds (0 before it has one). */
async function storedPosition(db: TestDatabase, name: string): Promise<number> {
  const { rows } = await db.pool.query<{ position: string }>('select position from rm.checkpoints where name = $1', [
    name,
  ]);
  return Number(rows[0]?.position ?? 0);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  // A pooled connection that was cut may fail one query of ours too: look again.
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) assert.unreachable(`timed out waiting: ${what}`);
    await sleep(20);
  }
}

/** Every server connection of this test's database is cut, as a failover or an operator would. */
async function cutEveryConnection(db: TestDatabase): Promise<number> {
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [rows.map((row) => row.pid)]);
  await admin.end();
  return rows.length;
}

/** An append that is retried with the same events when its connection is cut: it lands once. */
async function appendSurely(store: EventStore, stream: string, events: NewEvent[], expected: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await store.append(stream, events, { expectedVersion: expected === 0 ? 'no_stream' : expected });
    } catch (error) {
      if (attempt > 50 || (error as { code?: string }).code === 'WRONG_EXPECTED_VERSION') throw error;
      await sleep(50);
    }
  }
}

async function readEverything(store: EventStore) {
  const all: { id: string; position: number }[] = [];
  let after: Checkpoint = start;
  for (;;) {
    const batch = await store.readAll({ after, limit: 500 });
    const last = batch.at(-1);
    if (!last) return all;
    all.push(...batch);
    after = { tx: last.tx, position: last.position };
  }
}

test('connections cut mid-stream: it reconnects, resumes from its checkpoint, applies every event once', async ({
  db,
  store,
}) => {
  const name = `cut-${randomUUID()}`;
  const follower = createFollower({
    name,
    pool: db.pool,
    store,
    logger,
    batchSize: 25,
    // Only NOTIFY (re-LISTENed after each cut) or a reconnect can wake it in time: no polling to hide behind.
    pollMs: 60_000,
    applyBatch: async (client, events) => {
      for (const e of events) {
        await client.query('insert into applied (event_id, position) values ($1, $2)', [e.id, e.position]);
      }
      await sleep(5); // batches take a moment, so cuts land inside them too
    },
  });
  const running = follower.run();
  let cuts = 0;
  let everything: { id: string }[] = [];
  try {
    await until(async () => follower.isActive(), 5000, 'the follower is active');

    const streams = Array.from({ length: 4 }, () => `order-test-${randomUUID().slice(0, 8)}`);
    const writing = (async () => {
      for (let version = 0; version < 60; version++) {
        await Promise.all(streams.map((s, i) => appendSurely(store, s, [event(version * 10 + i)], version)));
        await sleep(3);
      }
    })();
    for (let i = 0; i < 3; i++) {
      await sleep(250);
      cuts += (await cutEveryConnection(db)) > 0 ? 1 : 0;
    }
    await writing;
    // Readable once every older transaction on the server has ended (the follower rule).
    await until(
      async () => {
        everything = await readEverything(store);
        return everything.length === 240;
      },
      30_000,
      'every event readable',
    );

    const count = async () => {
      const { rows } = await db.pool.query<{ n: string }>('select count(*) as n from applied');
      return Number(rows[0]?.n);
    };
    await until(async () => (await count()) >= 240, 30_000, 'every event applied');
    await sleep(200);
  } finally {
    await follower.stop();
    await running;
  }
  const { rows } = await db.pool.query<{ event_id: string }>('select event_id from applied order by position');
  const ids = rows.map((row) => row.event_id);
  assert.is(cuts, 3, 'three cuts happened while it ran');
  assert.is(new Set(ids).size, ids.length, 'nothing applied twice');
  assert.equal(new Set(ids), new Set(everything.map((e) => e.id)), 'nothing skipped');
});

test("the store's onAppended listener survives a cut connection: it LISTENs again", async ({ db, store }) => {
  let calls = 0;
  const unsubscribe = await store.onAppended(() => {
    calls += 1;
  });
  await cutEveryConnection(db);
  await until(
    async () => {
      const { rows } = await db.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
      );
      return (rows[0]?.n ?? 0) > 0;
    },
    10_000,
    'listening again',
  );
  calls = 0;
  await store.append(`order-test-${randomUUID().slice(0, 8)}`, [event(1)], { expectedVersion: 'no_stream' });
  await until(async () => calls > 0, 5000, 'a notification after the cut');
  await unsubscribe();
});

test('one instance per name is active; the standby takes over when the active one stops', async ({ db, store }) => {
  const name = `pair-${randomUUID()}`;
  const make = () => createFollower({ name, pool: db.pool, store, logger, pollMs: 50, applyBatch: async () => {} });
  const first = make();
  const second = make();
  const runs = [first.run(), second.run()];
  await until(async () => first.isActive() || second.isActive(), 5000, 'one active');
  await sleep(200);
  assert.is(Number(first.isActive()) + Number(second.isActive()), 1, 'exactly one active');
  const [active, standby] = first.isActive() ? [first, second] : [second, first];
  await active.stop();
  await until(async () => standby.isActive(), 5000, 'the standby takes over');
  await standby.stop();
  await Promise.all(runs);
});

test('racing writers and open transactions: each event is applied once, none skipped, though it looks again within milliseconds', async ({
  db,
  store,
}) => {
  const name = `race-${randomUUID()}`;
  const seen: number[] = [];
  const follower = createFollower({
    name,
    pool: db.pool,
    store,
    logger,
    batchSize: 7,
    pollMs: 60_000, // only wake-ups and the quick second looks after them
    applyBatch: async (client, events) => {
      await client.query('select 1'); // a round trip per batch, as a real one has
      seen.push(...events.map((e) => e.position));
    },
  });
  const running = follower.run();
  const writers = 16;
  const perWriter = 25;
  try {
    await until(async () => follower.isActive(), 5000, 'the follower is active');
    const before = (await readEverything(store)).length;
    await until(async () => seen.length >= before, 10_000, 'caught up with the earlier tests');
    // Transactions that take an xid, then append (in the same transaction) after later ones have committed:
    // their events land below positions a follower may already have passed if it ignored them.
    const slowAppends = Array.from({ length: 6 }, async (_, i) => {
      await sleep(i * 15);
      const client = await db.pool.connect();
      try {
        await client.query('begin');
        await client.query('insert into applied (event_id, position) values ($1, -1)', [randomUUID()]);
        await sleep(30);
        await client.query(
          `insert into es.events (stream, version, id, type, schema_version, data, metadata)
           values ($1, 1, $2, 'Tested', 1, '{}', $3)`,
          [`order-test-slow-${randomUUID().slice(0, 8)}`, randomUUID(), JSON.stringify(event(0).metadata)],
        );
        await sleep(10);
        await client.query('commit');
      } finally {
        client.release();
      }
    });
    await Promise.all([
      ...slowAppends,
      ...Array.from({ length: writers }, async (_, w) => {
        const stream = `order-test-${randomUUID().slice(0, 8)}`;
        for (let version = 0; version < perWriter; version++) {
          await store.append(stream, [event(w * 100 + version)], {
            expectedVersion: version === 0 ? 'no_stream' : version,
          });
          await sleep(2);
        }
      }),
    ]);
    const total = before + writers * perWriter + 6;
    await until(async () => seen.length >= total, 20_000, 'every event applied');
    await sleep(100);
    const everything = await readEverything(store);
    assert.ok(everything.length >= total);
    assert.is(seen.length, new Set(seen).size, 'nothing applied twice');
    assert.equal(
      [...seen].sort((x, y) => x - y),
      everything.map((e) => e.position).sort((x, y) => x - y),
      'nothing skipped: every event in the log was applied',
    );
  } finally {
    await follower.stop();
    await running;
  }
});

test('only: batches without those types take no transaction and are passed; the checkpoint is stored later and on stop', async ({
  db,
  store,
}) => {
  await db.pool.query(`truncate applied`);
  const name = `only-${randomUUID()}`;
  const batches: string[][] = [];
  const make = () =>
    createFollower({
      name,
      pool: db.pool,
      store,
      logger,
      pollMs: 50,
      storeSkippedMs: 60_000,
      only: new Set(['Wanted']),
      applyBatch: async (_client, events) => {
        batches.push(events.map((e) => e.type));
      },
    });
  const checkpoint = () => storedPosition(db, name);
  const follower = make();
  const running = follower.run();
  await until(async () => follower.isActive(), 5000, 'the follower is active');
  const stream = `order-test-${randomUUID().slice(0, 8)}`;
  const first = await store.append(stream, [event(1)], { expectedVersion: 'no_stream' });
  await sleep(300);
  assert.equal(batches, [], 'an unwanted event is not applied');
  const stored = await checkpoint();
  assert.ok(stored < first.position, 'nor stored at once');
  const wanted = await store.append(stream, [{ ...event(2), type: 'Wanted' }], { expectedVersion: 1 });
  await until(async () => (await checkpoint()) === wanted.position, 5000, 'the wanted event applied and stored');
  assert.equal(batches.flat(), ['Wanted'], 'the batch after the passed event holds only what followed it');
  const last = await store.append(stream, [event(3)], { expectedVersion: 2 });
  await sleep(200);
  await follower.stop();
  await running;
  assert.is(await checkpoint(), last.position, 'stopping stores how far it passed');
  assert.equal(batches.flat(), ['Wanted']);
});

test('announce: each batch NOTIFYs its new checkpoint with its commit', async ({ db, store }) => {
  const name = `announce-${randomUUID()}`;
  const channel = `test_announce_${randomUUID().slice(0, 8)}`;
  const listener = new pg.Client({ connectionString: db.url });
  listener.on('error', () => {}); // the suite's end may cut it
  await listener.connect();
  const payloads: string[] = [];
  listener.on('notification', (message) => payloads.push(message.payload ?? ''));
  await listener.query(`listen ${channel}`);
  const follower = createFollower({
    name,
    pool: db.pool,
    store,
    logger,
    announce: channel,
    applyBatch: async () => {},
  });
  await follower.catchUpOnce(); // everything before this test
  payloads.length = 0;
  const appended = await store.append(`order-test-${randomUUID().slice(0, 8)}`, [event(1)], {
    expectedVersion: 'no_stream',
  });
  await follower.catchUpOnce();
  const { rows } = await db.pool.query<{ tx: string; position: string }>(
    'select tx::text, position::text from rm.checkpoints where name = $1',
    [name],
  );
  assert.is(Number(rows[0]?.position), appended.position);
  // (an announcement of the first catch-up may still arrive after the reset above: wait for this one)
  const expected = `${rows[0]?.tx} ${rows[0]?.position}`;
  try {
    await until(async () => payloads.includes(expected), 5000, 'the announcement of the new checkpoint');
  } finally {
    await listener.end();
  }
});

test('settleMs: appends that follow a wake-up within it are read and applied in one batch', async ({ store, db }) => {
  const name = `settle-${randomUUID()}`;
  const batches: number[] = [];
  const follower = createFollower({
    name,
    pool: db.pool,
    store,
    logger,
    // Long beside five appends even on a loaded box (each takes milliseconds, some tens): they all fall in it.
    settleMs: 1500,
    applyBatch: async () => {},
    onApplied: (events) => batches.push(events.length),
  });
  await follower.catchUpOnce(); // everything before this test
  const running = follower.run();
  try {
    await until(async () => follower.isActive(), 5000, 'the follower to be active');
    await sleep(100); // caught up and waiting
    batches.length = 0;
    const stream = `order-test-${randomUUID().slice(0, 8)}`;
    // Five appends 20 ms apart: the first one's wake-up waits 1.5 s, by when all five are in
    for (let n = 0; n < 5; n++) {
      await store.append(stream, [event(n)], { expectedVersion: n === 0 ? 'no_stream' : n });
      await sleep(20);
    }
    await until(async () => batches.reduce((sum, size) => sum + size, 0) >= 5, 5000, 'all five applied');
    assert.equal(batches, [5]);
  } finally {
    await follower.stop();
    await running;
  }
});

test('planBatch: its read goes with the lock, its statements commit with the checkpoint, and one that fails rolls back both', async ({
  db,
  store,
}) => {
  const name = `plan-${randomUUID()}`;
  await db.pool.query('create table planned (position bigint primary key)');
  let failing = true;
  const seen: number[] = [];
  const follower = createFollower({
    name,
    pool: db.pool,
    store,
    logger,
    batchSize: 10_000, // everything in one batch
    planBatch: (events) => ({
      read: 'select count(*)::int as n from planned',
      async apply(_client, read) {
        seen.push(read[0]?.rows[0]?.n);
        const rows = events.map((e) => `(${Number(e.position)})`).join(', ');
        return `insert into planned (position) values ${rows}; select ${failing ? '1 / 0' : '1'}`;
      },
    }),
  });
  const checkpoint = () => storedPosition(db, name);
  const planned = async () => Number((await db.pool.query('select count(*) as n from planned')).rows[0]?.n);
  // Given events in the log (this test's and those of the tests before)
  const appended = await store.append(`order-test-${randomUUID().slice(0, 8)}`, [event(1), event(2)], {
    expectedVersion: 'no_stream',
  });
  let everything: { position: number }[] = [];
  await until(
    async () => {
      everything = await readEverything(store);
      return everything.some((e) => e.position === appended.position);
    },
    10_000,
    'the events readable',
  );
  // When the last statement of the batch's commit message fails, after its insert
  try {
    await follower.catchUpOnce();
    assert.unreachable('the failing statement fails the batch');
  } catch (error) {
    assert.match(String(error), 'division by zero');
  }
  // Then neither the batch's rows nor its checkpoint are there
  assert.is(await planned(), 0);
  assert.is(await checkpoint(), 0);
  // When the batch is applied again from the checkpoint, without the failure
  failing = false;
  const applied = await follower.catchUpOnce();
  // Then every event is there once, the checkpoint at the last, and each read saw the table as it stood
  assert.is(applied, everything.length);
  assert.is(await planned(), everything.length);
  assert.is(await checkpoint(), everything.at(-1)?.position);
  assert.equal(seen, [0, 0]);
});

test.run();
