import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { EventStore } from './event-store.ts';
import { checkpointOf, EventIdsTakenError, type RecordedEvent, start } from './event-store.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { event, eventStoreContract, readEverything, stream } from './testing/event-store-contract.ts';
import { type EventStoreDbStandIn, startEventStoreDbStandIn } from './testing/eventstoredb-stand-in.ts';

// A server without BatchAppend (before 21.10): the client appends through the older Append call.
eventStoreContract({
  name: 'EventStoreDB (stand-in without BatchAppend)',
  async open() {
    const standIn = await startEventStoreDbStandIn({ batchAppend: false });
    const store = createEventStoreDbEventStore(standIn.url, ['order-']);
    return {
      store,
      extra: {},
      async close() {
        await store.close();
        await standIn.stop();
      },
    };
  },
}).run();

const test = suite<{ standIn: EventStoreDbStandIn; store: EventStore; other: EventStore }>('EventStoreDB adapter');
test.before(async (context) => {
  context.standIn = await startEventStoreDbStandIn();
  context.store = createEventStoreDbEventStore(context.standIn.url, ['order-']);
  // Another process on the same server, e.g. the import running in a second command service.
  context.other = createEventStoreDbEventStore(context.standIn.url, ['order-']);
});
test.after(async ({ standIn, store, other }) => {
  await store.close();
  await other.close();
  await standIn.stop();
});

test("followers see only our streams: the server's own events and other prefixes are skipped", async ({ store }) => {
  const ours = event(1);
  await store.append(stream(), [ours], { expectedVersion: 'no_stream' });
  const { position } = await store.append(stream(), [event(2)], { expectedVersion: 'no_stream' });
  // Far more foreign events than one page of $all, after ours.
  for (let i = 0; i < 6; i++) {
    await store.append(
      `other-${i}`,
      Array.from({ length: 100 }, (_, n) => event(n)),
      { expectedVersion: 'any' },
    );
  }
  const everything = await readEverything(store);
  assert.ok(
    everything.every((e) => e.stream.startsWith('order-')),
    'only order- streams',
  );
  assert.ok(everything.some((e) => e.id === ours.id));
  assert.is((await store.locate(0)).head?.position, position, "the head is our last event, not the others'");
  const last = everything[everything.length - 1] as RecordedEvent;
  assert.equal(await store.readAll({ after: checkpointOf(last), limit: 10 }), [], 'caught up past 600 foreign events');
});

test('readEventsById finds events by id in any stream, in log order', async ({ store, other }) => {
  const [a, b, missing] = [event(1), event(2), event(3)];
  const [first, second] = [stream(), stream()];
  await store.append(first, [a], { expectedVersion: 'no_stream' });
  await other.append(second, [b], { expectedVersion: 'no_stream' });
  const found = await store.readEventsById([b.id, missing.id, a.id]);
  assert.equal(
    found.map((e) => [e.id, e.stream, e.version]),
    [
      [a.id, first, 1],
      [b.id, second, 1],
    ],
  );
  assert.equal(await store.readEventsById([]), []);
});

test('ids appended by another process are refused in a second stream, and its retry is idempotent', async ({
  store,
  other,
}) => {
  const events = [event(1), event(2)];
  const s = stream();
  const first = await other.append(s, events, { expectedVersion: 'no_stream' });
  try {
    await store.append(stream(), events, { expectedVersion: 'no_stream' });
    assert.unreachable('the ids are taken');
  } catch (error) {
    assert.instance(error, EventIdsTakenError);
  }
  assert.equal(await store.append(s, events, { expectedVersion: 'no_stream' }), first);
});

test('after the server goes away and comes back, onAppended wakes followers again', async () => {
  const first = await startEventStoreDbStandIn();
  const store = createEventStoreDbEventStore(first.url, ['order-']);
  let calls = 0;
  const unsubscribe = await store.onAppended(() => {
    calls++;
  });
  await store.append(stream(), [event(1)], { expectedVersion: 'no_stream' });
  for (let i = 0; i < 100 && calls === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(calls > 0, 'woken before the restart');

  await first.stop();
  const second = await startEventStoreDbStandIn({ port: first.port });
  const writer = createEventStoreDbEventStore(second.url, ['order-']);
  try {
    const before = calls;
    // Bounded: the subscription notices the loss, waits a second and subscribes again.
    for (let i = 0; i < 200 && calls <= before; i++) {
      await writer.append(stream(), [event(i)], { expectedVersion: 'no_stream' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(calls > before, 'woken after the restart');
    assert.ok((await store.readAll({ after: start, limit: 10 })).length > 0, 'and reads the new server');
  } finally {
    await unsubscribe();
    await store.close();
    await writer.close();
    await second.stop();
  }
});

test.run();
