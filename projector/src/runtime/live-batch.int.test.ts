import { randomUUID } from 'node:crypto';
import { itemStatuses } from '@ot/contracts/orders/item-status.ts';
import { sampleOrderPlaced } from '@ot/contracts/testing/sample-order.ts';
import { PROJECTED_CHANNEL } from '@ot/infra/db/notify.ts';
import { type EventStore, start } from '@ot/infra/event-store/event-store.ts';
import { createPostgresEventStore } from '@ot/infra/event-store/postgres-event-store.ts';
import { metadata } from '@ot/infra/event-store/testing/event-store-contract.ts';
import { createFollower } from '@ot/infra/follower/follower.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { projections } from '../projections/all-projections.ts';
import { verifyReadModels } from '../rebuild/verify-read-models.ts';
import { appendHistory, mixedHistory } from '../testing/mixed-history.ts';
import type { Projection } from './projection.ts';
import { planLiveBatch } from './projector.ts';

const logger = createLogger('test', 'silent');

/** The live projector's way through a batch, on a follower whose batches the test runs (catchUpOnce). */
const liveFollower = (
  db: TestDatabase,
  store: EventStore,
  options: { projections: Projection[]; batchSize?: number; settleMs?: number },
) =>
  createFollower({
    name: 'projector',
    pool: db.pool,
    store,
    logger,
    batchSize: options.batchSize ?? 1000,
    announce: PROJECTED_CHANNEL,
    settleMs: options.settleMs,
    planBatch: planLiveBatch({ projections: options.projections, logger }),
  });

async function withDatabase(run: (db: TestDatabase, store: EventStore) => Promise<void>): Promise<void> {
  const db = await createTestDatabase();
  const store = createPostgresEventStore(db.pool);
  try {
    await run(db, store);
  } finally {
    await store.close();
    await db.drop();
  }
}

const checkpointOfProjector = async (db: TestDatabase) =>
  Number((await db.pool.query(`select position::text from rm.checkpoints where name = 'projector'`)).rows[0]?.position);

/**
 * Once followers can read the event at `position`: a transaction open anywhere on the server (another
 * test's) holds back what they read until it ends.
 */
async function readable(store: EventStore, position: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await store.readAll({ after: start, limit: 10_000 })).some((e) => e.position === position)) {
    if (Date.now() > deadline) throw new Error(`event ${position} did not become readable`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Places an order numbered `orderNumber` (the marks projection below reads only the number), readable on return. */
async function place(store: EventStore, orderNumber: string) {
  const appended = await store.append(
    `order-${orderNumber}`,
    [
      {
        id: randomUUID(),
        type: 'OrderPlaced',
        data: sampleOrderPlaced({ orderId: randomUUID(), orderNumber }),
        metadata: metadata(),
      },
    ],
    { expectedVersion: 'no_stream' },
  );
  await readable(store, appended.position);
  return appended;
}

/**
 * A test read model, rm.marks: an order numbered PUT-... puts the row `k` (noting the number), DEL-...
 * deletes it, any other puts a row of its own number.
 */
const marks: Projection = {
  name: 'marks',
  tables: [{ name: 'marks', key: 'id' }],
  needs: () => [],
  project(event) {
    if (event.type !== 'OrderPlaced') return [];
    const number = event.data.orderNumber;
    if (number.startsWith('DEL')) return [{ table: 'marks', key: 'k', row: null }];
    const id = number.startsWith('PUT') ? 'k' : number;
    return [{ table: 'marks', key: id, row: { id, note: number } }];
  },
};
const marksTable = 'create table rm.marks (id text primary key, note text not null)';
const marksRows = async (db: TestDatabase) =>
  (await db.pool.query('select id, note from rm.marks order by id')).rows as { id: string; note: string }[];

/** Appends a change of the first item of `orderNumber` (to its next status); readable on return. */
async function changeFirstItem(db: TestDatabase, store: EventStore, orderNumber: string) {
  const { rows } = await db.pool.query<{ id: string; status: string }>(
    'select id, status from rm.order_items where order_number = $1 order by ordinal limit 1',
    [orderNumber],
  );
  const item = rows[0];
  if (!item) throw new Error(`no item in ${orderNumber}`);
  const status = itemStatuses[(itemStatuses.indexOf(item.status as never) + 1) % itemStatuses.length] as string;
  const { position } = await store.append(
    `order-${orderNumber}`,
    [
      {
        id: randomUUID(),
        type: 'ItemStatusChanged',
        data: { itemId: item.id, status, previousStatus: item.status },
        metadata: metadata(),
      },
    ],
    { expectedVersion: 'any' },
  );
  await readable(store, position);
  return { itemId: item.id, status, position };
}

/** The messages sent to the server while `run` runs, from the events read on. */
async function messagesOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = args[0];
    sent.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent.slice(sent.findIndex((text) => /from es\.events/.test(text)));
}

test('a live batch whose rows are in memory is two round trips; one that reads rows first, three', () =>
  withDatabase(async (db, store) => {
    // Given a projector caught up with a few orders (their rows in its memory)
    await appendHistory(store, mixedHistory(4));
    const follower = liveFollower(db, store, { projections });
    await follower.catchUpOnce();
    // When it applies an item's change (orders, its items and the timeline read and written)
    const first = await changeFirstItem(db, store, 'H-000001');
    const warm = await messagesOf(() => follower.catchUpOnce());
    // Then from the events read to the commit it took two messages: the checkpoint moved only from
    // where it was, in the one that writes and commits
    assert.is(warm.length, 2, warm.join('\n----\n'));
    assert.match(warm[1] ?? '', /^begin;\s*do \$moved\$[\s\S]*and tx = \d+ and position = \d+;[\s\S]*insert into/);
    assert.match(warm[1] ?? '', /pg_notify[\s\S]*commit$/);
    assert.is(await checkpointOfProjector(db), first.position);
    // When a projector started afresh (nothing in memory) applies the next change
    const second = await changeFirstItem(db, store, 'H-000001');
    const cold = await messagesOf(() => liveFollower(db, store, { projections }).catchUpOnce());
    // Then it took three: the rows it needs read with the checkpoint's lock, then the writes and commit
    assert.is(cold.length, 3, cold.join('\n----\n'));
    assert.match(cold[1] ?? '', /^begin;[\s\S]*for update;[\s\S]*union all/);
    assert.match(cold[2] ?? '', /^insert into[\s\S]*update rm\.checkpoints[\s\S]*pg_notify[\s\S]*commit$/);
    // And both changes are there, with the checkpoint
    const after = await db.pool.query('select status from rm.order_items where id = $1', [second.itemId]);
    assert.is(after.rows[0]?.status, second.status);
    assert.is(await checkpointOfProjector(db), second.position);
  }));

test('a checkpoint moved under a running projector (a rebuild swapped in) rolls its batch back; it starts its memory afresh', () =>
  withDatabase(async (db, store) => {
    // Given a running projector that has applied an order's changes (its rows in memory)
    await appendHistory(store, mixedHistory(4));
    const follower = liveFollower(db, store, { projections, settleMs: 1000 });
    const running = follower.run();
    try {
      const applied = async (position: number) => {
        for (const deadline = Date.now() + 10_000; !((await checkpointOfProjector(db)) >= position); ) {
          if (Date.now() > deadline) assert.unreachable(`the projector did not reach ${position}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const head = await db.pool.query<{ position: string }>('select max(position)::text as position from es.events');
      await applied(Number(head.rows[0]?.position));
      await applied((await changeFirstItem(db, store, 'H-000001')).position);
      // When the next change is appended, and before the projector reads it (it waits settleMs after a
      // wake-up) another transaction applies it (as a rebuild's swap does) and moves the checkpoint
      const change = await changeFirstItem(db, store, 'H-000001');
      const { rowCount } = await db.pool.query(
        `with orders as (update rm.orders set customer_name = 'Swapped In' where order_number = 'H-000001'),
              items as (update rm.order_items set status = $2 where id = $3)
         update rm.checkpoints set position = $1,
           tx = (select transaction_id::text::bigint from es.events where position = $1)
         where name = 'projector' and position < $1`,
        [change.position, change.status, change.itemId],
      );
      assert.is(rowCount, 1, 'moved before the projector read the change');
      // Then the projector's batch is rolled back: what the other transaction wrote stands
      await new Promise((resolve) => setTimeout(resolve, 200));
      const order = await db.pool.query(`select customer_name from rm.orders where order_number = 'H-000001'`);
      assert.is(order.rows[0]?.customer_name, 'Swapped In');
      // And its next batch reads the rows afresh instead of writing those it held
      const next = await changeFirstItem(db, store, 'H-000001');
      await applied(next.position);
      const again = await db.pool.query(`select customer_name from rm.orders where order_number = 'H-000001'`);
      assert.is(again.rows[0]?.customer_name, 'Swapped In');
      assert.ok(follower.isActive());
    } finally {
      await follower.stop();
      await running;
    }
  }));

test('the live path in small batches leaves every read model as a replay does, on a history of every event type', () =>
  withDatabase(async (db, store) => {
    // Given a history of every kind of event
    await appendHistory(store, mixedHistory(24, { everyType: true }));
    // When the live projector's path applies it, seven events a batch
    await liveFollower(db, store, { projections, batchSize: 7 }).catchUpOnce();
    // Then the read models equal a replay of the events from the first
    const report = await verifyReadModels({ pool: db.pool, store, projections, logger });
    assert.ok(report.ok, JSON.stringify(report.tables.filter((t) => !t.ok)));
    assert.ok((report.tables[0]?.liveRows ?? 0) >= 24);
  }));

test('a delete and a re-insert of the same key in one batch land in their order, in one message', () =>
  withDatabase(async (db, store) => {
    await db.pool.query(marksTable);
    const follower = liveFollower(db, store, { projections: [marks] });
    // Given the row k
    await place(store, 'PUT-1');
    await follower.catchUpOnce();
    assert.equal(await marksRows(db), [{ id: 'k', note: 'PUT-1' }]);
    // When one batch deletes it and puts it again (the put then an insert with no conflict to expect)
    await place(store, 'DEL-1');
    const { position } = await place(store, 'PUT-2');
    assert.is(await follower.catchUpOnce(), 2);
    // Then the row is the second put's, and the checkpoint is past both
    assert.equal(await marksRows(db), [{ id: 'k', note: 'PUT-2' }]);
    assert.is(await checkpointOfProjector(db), position);
  }));

test("a write that fails in a batch's last message rolls back the batch's other writes and its checkpoint; it is applied again", () =>
  withDatabase(async (db, store) => {
    await db.pool.query(marksTable);
    await db.pool.query(`alter table rm.marks add constraint no_boom check (note <> 'BOOM')`);
    const follower = liveFollower(db, store, { projections: [marks] });
    // Given the row k
    const first = await place(store, 'PUT-1');
    await follower.catchUpOnce();
    // When a batch deletes it (the message's first statement), then writes a row the table refuses
    await place(store, 'DEL-1');
    const { position } = await place(store, 'BOOM');
    try {
      await follower.catchUpOnce();
      assert.unreachable('the refused row fails the batch');
    } catch (error) {
      assert.match(String(error), 'no_boom');
    }
    // Then nothing of the batch is there: k is not deleted, and the checkpoint has not moved
    assert.equal(await marksRows(db), [{ id: 'k', note: 'PUT-1' }]);
    assert.is(await checkpointOfProjector(db), first.position);
    // When the table takes the row, the batch is applied again from the checkpoint, once
    await db.pool.query('alter table rm.marks drop constraint no_boom');
    assert.is(await follower.catchUpOnce(), 2);
    assert.equal(await marksRows(db), [{ id: 'BOOM', note: 'BOOM' }]);
    assert.is(await checkpointOfProjector(db), position);
  }));

test.run();
