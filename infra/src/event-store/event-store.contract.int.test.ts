import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@ot/contracts/events/event-envelope.ts';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import {
  type Checkpoint,
  EventIdsTakenError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  start,
  subscribe,
  WrongExpectedVersionError,
} from './event-store.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';

const metadata = (): EventMetadata => ({
  actor: { kind: 'system', id: 'test', name: 'test' },
  occurredAt: new Date().toISOString(),
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: null,
});

const event = (n: number): NewEvent => ({ id: randomUUID(), type: 'Tested', data: { n }, metadata: metadata() });
const stream = () => `order-test-${randomUUID().slice(0, 8)}`;

interface Adapter {
  name: string;
  open(): Promise<{ store: EventStore; close(): Promise<void>; db?: TestDatabase }>;
}

/** Read everything from the start, in follower order. */
async function readEverything(store: EventStore): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let after: Checkpoint = start;
  for (;;) {
    const batch = await store.readAll({ after, limit: 100 });
    if (batch.length === 0) return all;
    all.push(...batch);
    const last = batch[batch.length - 1] as RecordedEvent;
    after = { tx: last.tx, position: last.position };
  }
}

function contract(adapter: Adapter) {
  const test = suite<{ store: EventStore; close(): Promise<void>; db?: TestDatabase }>(
    `event store contract: ${adapter.name}`,
  );
  test.before(async (context) => {
    Object.assign(context, await adapter.open());
  });
  test.after(async (context) => context.close());

  test('appended events read back in order with versions 1..n', async ({ store }) => {
    const s = stream();
    const first = await store.append(s, [event(1), event(2)], { expectedVersion: 'no_stream' });
    assert.is(first.nextVersion, 2);
    const second = await store.append(s, [event(3)], { expectedVersion: 2 });
    assert.is(second.nextVersion, 3);
    assert.ok(second.position > first.position);
    const events = await store.readStream(s);
    assert.equal(
      events.map((e) => [e.version, (e.data as { n: number }).n]),
      [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
    );
    assert.equal((await store.readStream(s, { toVersion: 2 })).length, 2);
  });

  test('events are found by id wherever they were appended; unknown ids are left out', async ({ store }) => {
    const [a, b] = [stream(), stream()];
    const first = event(1);
    const second = event(2);
    await store.append(a, [first], { expectedVersion: 'no_stream' });
    await store.append(b, [event(3), second], { expectedVersion: 'no_stream' });
    const found = await store.readEventsById([second.id, randomUUID(), first.id]);
    assert.equal(
      found.map((e) => [e.id, e.stream, e.version]),
      [
        [first.id, a, 1],
        [second.id, b, 2],
      ],
    );
    assert.equal(await store.readEventsById([]), []);
  });

  test('a wrong expected version is a typed conflict carrying the actual version', async ({ store }) => {
    const s = stream();
    await store.append(s, [event(1)], { expectedVersion: 'no_stream' });
    try {
      await store.append(s, [event(2)], { expectedVersion: 'no_stream' });
      assert.unreachable('should conflict');
    } catch (error) {
      assert.instance(error, WrongExpectedVersionError);
      assert.is((error as WrongExpectedVersionError).actual, 1);
    }
    try {
      await store.append(s, [event(2)], { expectedVersion: 5 });
      assert.unreachable('should conflict');
    } catch (error) {
      assert.instance(error, WrongExpectedVersionError);
    }
  });

  test('re-appending the same event ids is idempotent', async ({ store }) => {
    const s = stream();
    const events = [event(1), event(2)];
    const first = await store.append(s, events, { expectedVersion: 'no_stream' });
    const again = await store.append(s, events, { expectedVersion: 'no_stream' });
    assert.equal(again, first);
    assert.is((await store.readStream(s)).length, 2);
  });

  test('20 concurrent writers with the same expected version: exactly one wins', async ({ store }) => {
    const s = stream();
    await store.append(s, [event(0)], { expectedVersion: 'no_stream' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => store.append(s, [event(i + 1)], { expectedVersion: 1 })),
    );
    const winners = results.filter((r) => r.status === 'fulfilled');
    const losers = results.filter((r) => r.status === 'rejected');
    assert.is(winners.length, 1);
    assert.ok(losers.every((r) => r.status === 'rejected' && r.reason instanceof WrongExpectedVersionError));
    assert.is((await store.readStream(s)).length, 2);
  });

  return test;
}

const postgres: Adapter = {
  name: 'Postgres',
  async open() {
    const db = await createTestDatabase();
    return { store: createPostgresEventStore(db.pool), db, close: () => db.drop() };
  },
};

const postgresSuite = contract(postgres);

postgresSuite(
  'a follower never skips an event whose transaction commits after a later event became visible',
  async ({ store, db }) => {
    if (!db) throw new Error('needs the database');
    const seen: RecordedEvent[] = [];
    const follower = subscribe(store, {
      after: start,
      pollMs: 20,
      onBatch: async (batch) => {
        seen.push(...batch);
      },
    });
    // Hold a transaction open after it took an early position.
    const slow = new pg.Client({ connectionString: db.url });
    await slow.connect();
    await slow.query('begin');
    const lateId = randomUUID();
    await slow.query(
      `insert into es.events (stream, version, id, type, data, metadata) values ($1, 1, $2, 'Tested', '{"n":0}', $3)`,
      [stream(), lateId, JSON.stringify(metadata())],
    );
    // Others commit later positions meanwhile.
    for (let i = 1; i <= 5; i++) await store.append(stream(), [event(i)], { expectedVersion: 'no_stream' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.not.ok(
      seen.some((e) => e.id === lateId),
      'the open transaction is not visible yet',
    );
    await slow.query('commit');
    await slow.end();
    const last = event(6);
    await store.append(stream(), [last], { expectedVersion: 'no_stream' });
    // Wait for the last append too, or stopping may race it (seen on a busy machine).
    const delivered = (id: string) => seen.some((e) => e.id === id);
    for (let i = 0; i < 100 && !(delivered(lateId) && delivered(last.id)); i++)
      await new Promise((r) => setTimeout(r, 20));
    await follower.stop();

    const everything = await readEverything(store);
    const ids = seen.map((e) => e.id);
    assert.ok(ids.includes(lateId), 'the late commit was delivered');
    assert.is(new Set(ids).size, ids.length, 'no event twice');
    assert.equal(new Set(ids), new Set(everything.map((e) => e.id)), 'the follower saw every event');
  },
);

postgresSuite('event ids are unique across streams: appending them to another stream is refused', async ({ store }) => {
  const first = stream();
  const second = stream();
  const events = [event(1)];
  await store.append(first, events, { expectedVersion: 'no_stream' });
  try {
    await store.append(second, events, { expectedVersion: 'no_stream' });
    assert.unreachable('the second stream must not get the same event');
  } catch (error) {
    assert.instance(error, EventIdsTakenError);
    assert.is((error as EventIdsTakenError).takenBy, first);
  }
  assert.is((await store.readStream(second)).length, 0);
});

postgresSuite(
  'followers read in numeric transaction order, also where the transaction ids gain a digit (99 then 100)',
  async ({ store, db }) => {
    if (!db) throw new Error('needs the database');
    // Transaction ids gain a digit early in a database's life (999 to 1000); ids this small are
    // below every running transaction, so they are readable at once.
    const ids: string[] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [index, tx] of ['9', '99', '100'].entries()) {
      await db.pool.query(
        `insert into es.events (transaction_id, stream, version, id, type, data, metadata)
         values ($1::xid8, $2, 1, $3, 'Tested', '{}', $4)`,
        [tx, stream(), ids[index], JSON.stringify(metadata())],
      );
    }
    const everything = await readEverything(store);
    const seen = everything.map((e) => e.id);
    assert.is(new Set(seen).size, seen.length, 'no event twice');
    assert.equal(
      seen.filter((id) => ids.includes(id)),
      ids,
      'in transaction order',
    );
    const txs = everything.map((e) => e.tx);
    assert.equal(
      txs,
      [...txs].sort((a, b) => a - b),
      'every batch in numeric transaction order',
    );
  },
);

postgresSuite.run();

if (process.env.EVENTSTOREDB_URL) {
  const url = process.env.EVENTSTOREDB_URL;
  const esdb = contract({
    name: 'EventStoreDB',
    async open() {
      const store = createEventStoreDbEventStore(url, ['order-']);
      return { store, close: () => store.close() };
    },
  });
  esdb.run();
} else {
  console.log('\n  [skipped] EventStoreDB contract run: EVENTSTOREDB_URL is not set (no EventStoreDB server here).');
}
