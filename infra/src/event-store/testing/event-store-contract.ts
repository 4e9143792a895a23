import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@ot/contracts/events/event-envelope.ts';
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type Checkpoint,
  checkpointOf,
  EventIdsTakenError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  reached,
  start,
  startStreams,
  WrongExpectedVersionError,
} from '../event-store.ts';

/** What every adapter of the event store port promises, run against each adapter by its own test file. */

export const metadata = (
  actor: EventMetadata['actor'] = { kind: 'system', id: 'test', name: 'test' },
): EventMetadata => ({
  actor,
  occurredAt: new Date().toISOString(),
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: null,
});

export const event = (n: number): NewEvent => eventWith({ n });
/** An event carrying `data`, of type `Tested` by the system unless told otherwise. */
export const eventWith = (
  data: unknown,
  { type = 'Tested', actor }: { type?: string; actor?: EventMetadata['actor'] } = {},
): NewEvent => ({ id: randomUUID(), type, data, metadata: metadata(actor) });
/** Streams the contract writes; adapters under test must follow the `order-` prefix. */
export const stream = () => `order-test-${randomUUID().slice(0, 8)}`;

/** Read everything from `after`, in follower order, `limit` at a time. */
export async function readEverything(
  store: EventStore,
  after: Checkpoint = start,
  limit = 100,
): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (;;) {
    const batch = await store.readAll({ after, limit });
    if (batch.length === 0) return all;
    all.push(...batch);
    after = checkpointOf(batch[batch.length - 1] as RecordedEvent);
  }
}

export interface Opened<Extra = object> {
  store: EventStore;
  close(): Promise<void>;
  extra: Extra;
}

export interface Adapter<Extra = object> {
  name: string;
  open(): Promise<Opened<Extra>>;
  /** Why this run cannot happen here: every test is then counted as skipped. */
  skip?: string | undefined;
  /** readAll answers the events of types not in `dataOf` with `data: null` (the Postgres adapter does). */
  dropsUnaskedData?: boolean;
}

export function eventStoreContract<Extra = object>(adapter: Adapter<Extra>): Test<Opened<Extra>> {
  const suiteOfAll = suite<Opened<Extra>>(`event store contract: ${adapter.name}`);
  // A run that cannot happen here registers its tests as skipped, so the summary line counts them.
  const test = adapter.skip ? suiteOfAll.skip : suiteOfAll;
  if (adapter.skip) console.log(`\n  [skipped] event store contract on ${adapter.name}: ${adapter.skip}`);
  else {
    suiteOfAll.before(async (context) => {
      Object.assign(context, await adapter.open());
    });
    suiteOfAll.after(async (context) => context.close());
  }

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
    assert.equal(await store.readStream(stream()), [], 'a stream never written reads as empty');
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

  test('the streams naming an order in their data are found, in the order they first named it', async ({ store }) => {
    const orderNumber = `EP-T${randomUUID().slice(0, 8).toUpperCase()}`;
    const named = (n: number, data: Record<string, unknown>): NewEvent => ({ ...event(n), data: { n, ...data } });
    const own = `order-${orderNumber}`;
    const [resend, other, later] = [stream(), stream(), stream()];
    await store.append(own, [named(1, { orderNumber })], { expectedVersion: 'no_stream' });
    await store.append(other, [named(2, { orderNumber: 'EP-SOMEONE-ELSE' })], { expectedVersion: 'no_stream' });
    await store.append(resend, [named(3, { orderNumber }), event(4)], { expectedVersion: 'no_stream' });
    await store.append(own, [event(5)], { expectedVersion: 1 });
    await store.append(later, [event(6), named(7, { orderNumber })], { expectedVersion: 'no_stream' });
    assert.equal(await store.streamsNamingOrder(orderNumber), [own, resend, later]);
    assert.equal(await store.streamsNamingOrder(`${orderNumber}9`), []);
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
      assert.is((error as WrongExpectedVersionError).actual, 1);
    }
    try {
      await store.append(stream(), [event(1)], { expectedVersion: 1 });
      assert.unreachable('should conflict');
    } catch (error) {
      assert.instance(error, WrongExpectedVersionError);
      assert.is((error as WrongExpectedVersionError).actual, 0, 'a stream that does not exist is at version 0');
    }
    const any = await store.append(s, [event(3)], { expectedVersion: 'any' });
    assert.is(any.nextVersion, 2, "'any' appends whatever the version");
  });

  test('re-appending the same event ids is idempotent', async ({ store }) => {
    const s = stream();
    const events = [event(1), event(2)];
    const first = await store.append(s, events, { expectedVersion: 'no_stream' });
    const again = await store.append(s, events, { expectedVersion: 'no_stream' });
    assert.equal(again, first);
    assert.is((await store.readStream(s)).length, 2);
  });

  test("with landed: 'conflict' a retry of an append that landed is a conflict, not its first answer", async ({
    store,
  }) => {
    const s = stream();
    const events = [event(1)];
    await store.append(s, events, { expectedVersion: 'no_stream' });
    try {
      await store.append(s, events, { expectedVersion: 'no_stream', landed: 'conflict' });
      assert.unreachable('should conflict');
    } catch (error) {
      assert.instance(error, WrongExpectedVersionError);
      assert.is((error as WrongExpectedVersionError).actual, 1);
    }
    assert.is((await store.readStream(s)).length, 1, 'nothing appended twice');
    const fresh = await store.append(s, [event(2)], { expectedVersion: 1, landed: 'conflict' });
    assert.is(fresh.nextVersion, 2, 'a fresh append is not affected');
  });

  test('event ids are unique across streams: appending them to another stream is refused', async ({ store }) => {
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

  test('readAll gives every event once, in append order, from any checkpoint and in any batch size', async ({
    store,
  }) => {
    const appended = [event(1), event(2), event(3), event(4)];
    const [a, b] = [stream(), stream()];
    await store.append(a, appended.slice(0, 2), { expectedVersion: 'no_stream' });
    await store.append(b, appended.slice(2, 3), { expectedVersion: 'no_stream' });
    await store.append(a, appended.slice(3), { expectedVersion: 2 });
    const ids = appended.map((e) => e.id);
    // Postgres hands an event to followers once every older transaction has ended, and other
    // databases' transactions on the same server count too: wait (bounded) until all four are readable.
    let everything = await readEverything(store);
    for (let i = 0; i < 200 && !ids.every((id) => everything.some((e) => e.id === id)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      everything = await readEverything(store);
    }
    assert.equal(
      everything.map((e) => e.id).filter((id) => ids.includes(id)),
      ids,
    );
    assert.is(new Set(everything.map((e) => e.id)).size, everything.length, 'no event twice');
    const second = everything.find((e) => e.id === ids[1]) as RecordedEvent;
    assert.equal(
      (await readEverything(store, checkpointOf(second), 1)).map((e) => e.id),
      ids.slice(2),
      'one at a time after the second event',
    );
    const last = everything[everything.length - 1] as RecordedEvent;
    assert.equal(await store.readAll({ after: checkpointOf(last), limit: 10 }), [], 'nothing after the last');
    assert.is(last.stream, a);
    assert.is(last.version, 3);
    assert.equal(last.data, { n: 4 });
    assert.equal(last.metadata, appended[3]?.metadata);
    // dataOf: every event is still read (a follower's checkpoint passes them all); the types asked for
    // come with their data, the others may come without it.
    const asked = await store.readAll({ after: checkpointOf(second), limit: 10, dataOf: new Set(['Tested']) });
    assert.equal(
      asked.map((e) => e.data),
      [{ n: 3 }, { n: 4 }],
    );
    const others = await store.readAll({ after: checkpointOf(second), limit: 10, dataOf: new Set(['Other']) });
    assert.equal(
      others.map((e) => e.id),
      ids.slice(2),
    );
    assert.equal(
      others.map((e) => e.type),
      ['Tested', 'Tested'],
    );
    for (const [i, e] of others.entries()) assert.equal(e.data, adapter.dropsUnaskedData ? null : { n: i + 3 });
  });

  test('locate tells a follower where it stands', async ({ store }) => {
    const s = stream();
    await store.append(s, [event(1)], { expectedVersion: 'no_stream' });
    const { position } = await store.append(s, [event(2)], { expectedVersion: 1 });
    const [first, second] = await store.readStream(s);
    if (!first || !second) throw new Error('both events are there');
    assert.is(second.position, position);
    const place = await store.locate(position);
    assert.equal(place.head, checkpointOf(second), 'the head is the last append');
    assert.equal(place.event, checkpointOf(second));
    const both = { event: true, head: true };
    assert.ok(reached(checkpointOf(second), place, both));
    assert.not.ok(reached(checkpointOf(first), place, both));
    assert.not.ok(reached(start, place, { event: true, head: false }));
    assert.not.ok(reached(start, place, { event: false, head: true }));
    assert.ok(reached(start, place, { event: false, head: false }), 'nothing asked');
    const beyond = await store.locate(position + 1_000_000);
    assert.is(beyond.event, null, 'no event there yet');
    assert.not.ok(reached(checkpointOf(second), beyond, both), 'an event not there yet is not reached');
  });

  test('onAppended calls back after an append, until unsubscribed', async ({ store }) => {
    let calls = 0;
    const unsubscribe = await store.onAppended(() => {
      calls++;
    });
    // A subscription may take a moment to be live: append until it has called back (bounded).
    for (let i = 0; i < 40 && calls === 0; i++) {
      await store.append(stream(), [event(i)], { expectedVersion: 'no_stream' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await unsubscribe();
    assert.ok(calls > 0, 'called back');
  });

  test('startStreams through the append fallback starts new streams and leaves existing ones alone', async ({
    store,
  }) => {
    const fallback: EventStore = { ...store, startStreams: undefined };
    const [old, a, b] = [stream(), stream(), stream()];
    await store.append(old, [event(0)], { expectedVersion: 'no_stream' });
    const results = await startStreams(fallback, [
      { stream: a, event: event(1) },
      { stream: old, event: event(2) },
      { stream: b, event: event(3) },
      { stream: a, event: event(4) },
    ]);
    assert.equal(
      results.map((result) => result?.nextVersion ?? null),
      [1, null, 1, null],
    );
    assert.ok((results[0]?.position ?? 0) < (results[2]?.position ?? 0), 'positions follow the batch order');
    assert.equal(
      (await store.readStream(old)).map((e) => e.data),
      [{ n: 0 }],
    );
  });

  return suiteOfAll;
}
