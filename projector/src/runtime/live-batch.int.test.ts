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
  options: { projections: Projection[]; batchSize?: number },
) =>
  createFollower({
    name: 'projector',
    pool: db.pool,
    store,
    logger,
    batchSize: options.batchSize ?? 1000,
    announce: PROJECTED_CHANNEL,
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

test('a live batch is three round trips: the events read, its reads with the lock, its writes with the commit', () =>
  withDatabase(async (db, store) => {
    // Given a projector caught up with a few orders (every table written once: nothing left to look up)
    await appendHistory(store, mixedHistory(4));
    const follower = liveFollower(db, store, { projections });
    await follower.catchUpOnce();
    const { rows } = await db.pool.query<{ id: string; status: string }>(
      `select id, status from rm.order_items where order_number = 'H-000001' order by ordinal limit 1`,
    );
    const item = rows[0];
    if (!item) throw new Error('no item');
    const status = itemStatuses.find((s) => s !== item.status) ?? item.status;
    const { position } = await store.append(
      'order-H-000001',
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
    // When it applies the item's change (orders, its items and the timeline read and written)
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = args[0];
      sent.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      assert.is(await follower.catchUpOnce(), 1);
    } finally {
      pg.Client.prototype.query = query;
    }
    // Then from the events read to the commit it took three messages
    const read = sent.findIndex((text) => /from es\.events/.test(text));
    // The append's own wake-up of followers is coalesced and may go out meanwhile: it is not the batch's.
    const batch = sent.slice(read).filter((text) => !text.startsWith("select pg_notify('es_events'"));
    assert.is(batch.length, 3, batch.join('\n----\n'));
    assert.match(batch[1] ?? '', /^begin;[\s\S]*for update;[\s\S]*union all/);
    assert.match(batch[2] ?? '', /^delete from|^insert into/);
    assert.match(batch[2] ?? '', /pg_notify[\s\S]*commit$/);
    // And the change is there, with the checkpoint
    const after = await db.pool.query(`select status from rm.order_items where id = $1`, [item.id]);
    assert.is(after.rows[0]?.status, status);
    assert.is(await checkpointOfProjector(db), position);
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
