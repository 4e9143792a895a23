import { randomUUID } from 'node:crypto';
import * as assert from 'uvu/assert';
import { type EventStore, startStreams } from './event-store.ts';
import { eventWith } from './testing/event-store-contract.ts';
import { postgresStoreSuite } from './testing/postgres-store-suite.ts';

const test = postgresStoreSuite('startStreams: many new streams in one write');
const event = (data: unknown) =>
  eventWith(data, { type: 'CustomerImported', actor: { kind: 'import', id: 'a', name: 'admin' } });

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
