import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { type EventStore, type NewEvent, startStreams } from './event-store.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';

const test = suite<{ db: TestDatabase; store: EventStore }>('startStreams: many new streams in one write', {
  db: undefined as never,
  store: undefined as never,
});
test.before(async (context) => {
  context.db = await createTestDatabase();
  context.store = createPostgresEventStore(context.db.pool);
});
test.after(async ({ db }) => db.drop());

const event = (data: unknown): NewEvent => ({
  id: randomUUID(),
  type: 'CustomerImported',
  data,
  metadata: {
    actor: { kind: 'import', id: 'a', name: 'admin' },
    occurredAt: new Date().toISOString(),
    commandId: randomUUID(),
    correlationId: randomUUID(),
    causationId: null,
  },
});

const adapters = (store: EventStore): [string, EventStore][] => [
  ['the Postgres fast path', store],
  // The same contract through plain appends, as an adapter without the fast path does it.
  ['the append fallback', { ...store, startStreams: undefined }],
];

test('new streams are started, existing ones and repeats within the batch are left alone', async ({ store }) => {
  for (const [name, adapter] of adapters(store)) {
    const tag = randomUUID().slice(0, 8);
    await adapter.append(`customer-old-${tag}`, [event({ n: 0 })], { expectedVersion: 'no_stream' });
    const results = await startStreams(adapter, [
      { stream: `customer-a-${tag}`, event: event({ n: 1 }) },
      { stream: `customer-old-${tag}`, event: event({ n: 2 }) },
      { stream: `customer-b-${tag}`, event: event({ n: 3 }) },
      { stream: `customer-a-${tag}`, event: event({ n: 4 }) },
    ]);
    assert.equal(
      results.map((result) => result?.nextVersion ?? null),
      [1, null, 1, null],
      name,
    );
    assert.ok((results[0]?.position ?? 0) < (results[2]?.position ?? 0), `${name}: positions follow the batch order`);
    assert.equal(
      (await adapter.readStream(`customer-old-${tag}`)).map((e) => e.data),
      [{ n: 0 }],
      name,
    );
    assert.equal(
      (await adapter.readStream(`customer-a-${tag}`)).map((e) => e.data),
      [{ n: 1 }],
      name,
    );
  }
});

test.run();
