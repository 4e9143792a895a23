import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  eventTypeFilter,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  streamNameFilter,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type EventStoreDbStandIn, startEventStoreDbStandIn } from './eventstoredb-stand-in.ts';

/** The stand-in as the real client sees it, below our adapter: what it answers the way a server does. */
const test = suite<{ standIn: EventStoreDbStandIn; client: EventStoreDBClient }>('EventStoreDB stand-in');
test.before(async (context) => {
  context.standIn = await startEventStoreDbStandIn();
  context.client = EventStoreDBClient.connectionString(context.standIn.url);
});
test.after(async ({ standIn, client }) => {
  await client.dispose();
  await standIn.stop();
});

const events = (n: number, type = 'Tested') =>
  Array.from({ length: n }, (_, i) => jsonEvent({ id: randomUUID(), type, data: { i } }));
const name = (prefix = 'stream') => `${prefix}-${randomUUID().slice(0, 8)}`;

/** The error a call fails with (the test fails if it succeeds). */
async function refusal(call: () => Promise<unknown>): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of iterable) all.push(item);
  return all;
}

test('a stream reads forwards and backwards from any revision, with a count', async ({ client }) => {
  const stream = name();
  await client.appendToStream(stream, events(5), { expectedRevision: NO_STREAM });
  const revisions = async (options: Parameters<EventStoreDBClient['readStream']>[1]) =>
    (await collect(client.readStream(stream, options))).map((resolved) => resolved.event?.revision);
  assert.equal(await revisions({ fromRevision: 2n, maxCount: 2 }), [2n, 3n]);
  assert.equal(await revisions({ fromRevision: 3n, direction: BACKWARDS }), [3n, 2n, 1n, 0n]);
  assert.equal(await revisions({ fromRevision: END, direction: BACKWARDS, maxCount: 1 }), [4n]);
  assert.equal(await revisions({ fromRevision: START, maxCount: 100 }), [0n, 1n, 2n, 3n, 4n]);
});

test('expected revisions: stream_exists, exact, and a retried append answered as the first', async ({ client }) => {
  const stream = name();
  assert.instance(
    await refusal(() => client.appendToStream(stream, events(1), { expectedRevision: STREAM_EXISTS })),
    WrongExpectedVersionError,
  );
  const batch = events(2);
  const first = await client.appendToStream(stream, batch, { expectedRevision: NO_STREAM });
  const retried = await client.appendToStream(stream, batch, { expectedRevision: NO_STREAM });
  assert.equal(retried, first, 'the same ids after the same expected revision are not written twice');
  const next = await client.appendToStream(stream, events(1), { expectedRevision: 1n });
  assert.is(next.nextExpectedRevision, 2n);
  try {
    await client.appendToStream(stream, events(1), { expectedRevision: 0n });
    assert.unreachable('a stale revision is refused');
  } catch (error) {
    assert.instance(error, WrongExpectedVersionError);
    assert.equal(
      [(error as WrongExpectedVersionError).expectedVersion, (error as WrongExpectedVersionError).actualVersion],
      [0n, 2n],
    );
  }
});

test('a filtered subscription to $all catches up from a position, says so, then follows live', async ({ client }) => {
  const prefix = name('sub');
  await client.appendToStream(`${prefix}-a`, events(1), { expectedRevision: NO_STREAM });
  const [after] = await collect(client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }));
  await client.appendToStream(`${prefix}-b`, events(2), { expectedRevision: NO_STREAM });
  await client.appendToStream(name('elsewhere'), events(1), { expectedRevision: NO_STREAM });

  const position = after?.event?.position;
  if (!position) throw new Error('the first event has a position');
  const subscription = client.subscribeToAll({
    fromPosition: position,
    filter: streamNameFilter({ prefixes: [prefix] }),
  });
  const seen: string[] = [];
  let caughtUp = false;
  subscription.on('data', (resolved) => seen.push(`${resolved.event?.streamId}@${resolved.event?.revision}`));
  subscription.on('caughtUp', () => {
    caughtUp = true;
  });
  for (let i = 0; i < 100 && !caughtUp; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(caughtUp, 'caught up');
  assert.equal(seen, [`${prefix}-b@0`, `${prefix}-b@1`], 'after the position (exclusive), our prefix only');

  await client.appendToStream(`${prefix}-c`, events(1), { expectedRevision: NO_STREAM });
  for (let i = 0; i < 100 && seen.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(seen.at(-1), `${prefix}-c@0`, 'then live');
  await subscription.unsubscribe();
});

test('an event-type filter, and what the stand-in leaves out is refused, not faked', async ({ client }) => {
  const type = `Only${randomUUID().slice(0, 8)}`;
  await client.appendToStream(name(), [...events(1), ...events(1, type)], { expectedRevision: NO_STREAM });
  const subscription = client.subscribeToAll({ fromPosition: START, filter: eventTypeFilter({ prefixes: [type] }) });
  const types: string[] = [];
  subscription.on('data', (resolved) => types.push(resolved.event?.type ?? ''));
  for (let i = 0; i < 100 && types.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  await subscription.unsubscribe();
  assert.equal(types, [type]);
  assert.match((await refusal(() => client.deleteStream(name()))).message, /unimplemented|not implemented/i);
});

test.run();
