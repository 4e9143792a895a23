import { rejects } from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  type AllStreamResolvedEvent,
  ANY,
  EventStoreDBClient,
  jsonEvent,
  StreamDeletedError,
} from '@eventstore/db-client';
import { customerStreamPrefix } from '@ot/contracts/customers/customer-events.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Append, mixedHistory } from '../../../projector/src/testing/mixed-history.ts';
import { migrate } from '../db/migrate.ts';
import { createEventStore, type PrivateEventStore } from '../event-store/create-event-store.ts';
import { eventHash } from '../event-store/event-hash.ts';
import { type EventStoreDbStandIn, startEventStoreDbStandIn } from '../event-store/testing/eventstoredb-stand-in.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { convertEventStoreDbHistory } from './convert-eventstoredb-history.ts';

interface Context {
  db: TestDatabase;
  standIn: EventStoreDbStandIn;
  client: EventStoreDBClient;
  store: PrivateEventStore;
  history: Append[];
  masterKey: string;
}
const test = suite<Context>('EventStoreDB: the history written before encryption', {} as Context);

/** Words of the history's personal fields, found nowhere else in it. */
const PERSONAL = ['@example.com', '@EXAMPLE.COM', 'Golfer ', 'Left-handed', 'Clubhouse', 'Call before delivery'];
const PREFIXES = ['order-', 'email-', 'customer-', 'push-'];

/** The adapter as it was: bare stream names, plain JSON, the schema version in the metadata. */
async function writeAsBefore(client: EventStoreDBClient, history: readonly Append[]) {
  for (const { stream, events } of history) {
    const proposed = events.map((event) =>
      jsonEvent({
        id: event.id,
        type: event.type,
        data: event.data as Record<string, unknown>,
        metadata: { ...event.metadata, schemaVersion: 1 },
      }),
    );
    await client.appendToStream(stream, proposed, { expectedRevision: ANY });
  }
}

const everything = async (client: EventStoreDBClient) => {
  const found: AllStreamResolvedEvent[] = [];
  for await (const resolved of client.readAll()) found.push(resolved);
  return found;
};

test.before(async (context) => {
  context.db = await createTestDatabase();
  context.standIn = await startEventStoreDbStandIn();
  context.client = EventStoreDBClient.connectionString(context.standIn.url);
  context.masterKey = randomBytes(32).toString('hex');
  context.history = mixedHistory(8, { everyType: true }).flat();
  await writeAsBefore(context.client, context.history);
});
test.after(async ({ db, standIn, client, store }) => {
  await store?.close();
  await client.dispose();
  await standIn.stop();
  await db.drop();
});

const config = ({ standIn, masterKey }: Context) =>
  ({ EVENT_STORE: 'eventstoredb', EVENTSTOREDB_URL: standIn.url, MASTER_KEY: masterKey }) as const;

test('a conversion stopped midway is taken up again; the followers move to the copies of the events they had passed', async (context) => {
  const { db, client, history } = context;
  // The projector had applied the first round (the orders placed); the notifier had applied everything.
  const old = (await everything(client)).filter((r) => PREFIXES.some((p) => r.event?.streamId.startsWith(p)));
  const placedCount = history.filter((append) => append.events[0]?.type === 'OrderPlaced').length;
  const passed = old[placedCount - 1]?.event;
  const lastOld = old[old.length - 1]?.event;
  assert.ok(passed?.position && lastOld?.position);
  await db.pool.query(
    `insert into rm.checkpoints (name, tx, position) values ('projector', $1, $2), ('notifier', $3, $4)
     on conflict (name) do update set tx = excluded.tx, position = excluded.position`,
    [passed.position.commit, passed.position.prepare, lastOld.position.commit, lastOld.position.prepare],
  );

  // The email log keeps the position of each email's request.
  const request = old.find((r) => r.event?.type === 'CustomerNotificationRequested')?.event;
  assert.ok(request?.position);
  await db.pool.query(
    `insert into rm.email_events (id, recipient_email, email_type, sent_at, request_stream, requested_at, position)
     values ('kept', '', 'order_update', now(), $1, now(), $2)`,
    [request.streamId, request.position.prepare],
  );

  const stopped = convertEventStoreDbHistory(db.url, context.standIn.url, {
    masterKey: () => Buffer.from(context.masterKey, 'hex'),
    prefixes: PREFIXES,
    interrupt: (copied) => {
      if (copied === 25) throw new Error('the machine went down');
    },
  });
  await rejects(stopped, /went down/);
  await migrate(db.url, { masterKey: context.masterKey, eventStore: config(context) });

  context.store = await createEventStore(config(context), db.pool);
  const copyOf = async (eventId: string) => {
    const [event] = await context.store.readEventsById([eventId]);
    return event && { tx: String(event.tx), position: String(event.position) };
  };
  const { rows } = await db.pool.query<{ name: string; tx: string; position: string }>(
    `select name, tx::text, position::text from rm.checkpoints where name in ('projector', 'notifier') order by name`,
  );
  assert.equal(rows, [
    { name: 'notifier', ...(await copyOf(lastOld.id)) },
    { name: 'projector', ...(await copyOf(passed.id)) },
  ]);
  const { rows: emails } = await db.pool.query<{ position: string }>(
    `select position::text from rm.email_events where id = 'kept'`,
  );
  assert.is(emails[0]?.position, (await copyOf(request.id))?.position);
  await db.pool.query(`delete from rm.email_events where id = 'kept'`);
});

test('every stream reads back as written, through the sealing store, and keeps its versions', async ({
  store,
  history,
}) => {
  // Push streams are copied too, but the adapter reads only the families the services follow.
  const streams = [...new Set(history.map((append) => append.stream))].filter((s) => !s.startsWith('push-'));
  for (const stream of streams) {
    const written = history.filter((append) => append.stream === stream).flatMap((append) => append.events);
    const read = await store.readStream(stream);
    assert.equal(
      read.map((event) => [event.id, event.version, event.type, event.data, event.metadata]),
      written.map((event, i) => [event.id, i + 1, event.type, event.data, event.metadata]),
      stream,
    );
  }
});

test('the old streams are tombstoned; once scavenged, nothing personal is left in plain text in $all', async ({
  client,
  standIn,
}) => {
  await rejects(
    (async () => {
      for await (const _ of client.readStream('order-H-000001')) {
        // reading a tombstoned stream fails
      }
    })(),
    (error: unknown) => error instanceof StreamDeletedError,
  );
  standIn.scavenge();
  const stored = await everything(client);
  const ours = stored.filter((resolved) => resolved.event?.streamId.startsWith('sealed.'));
  assert.ok(ours.length > 0);
  assert.ok(stored.every((resolved) => !PREFIXES.some((p) => resolved.event?.streamId.startsWith(p))));
  const text = JSON.stringify(stored.map((resolved) => [resolved.event?.streamId, resolved.event?.data]));
  for (const word of PERSONAL) assert.not.ok(text.includes(word), `${word} is still in the log`);
});

test('each stream keeps its old head beside its new one, and the audit chain ends at the new one', async ({
  db,
  store,
  history,
}) => {
  const stream = 'order-H-000001';
  const written = history.filter((append) => append.stream === stream).flatMap((append) => append.events);
  let oldHead: Buffer | null = null;
  written.forEach((event, i) => {
    oldHead = eventHash(oldHead, { stream, version: i + 1, ...event });
  });
  const audited = [];
  for await (const event of store.readAudited({ streams: [stream] })) audited.push(event);
  const { rows } = await db.pool.query<{ old_head: Buffer; new_head: Buffer }>(
    'select old_head, new_head from privacy.resealed_streams where stream = $1',
    [stream],
  );
  assert.is(rows[0]?.old_head.toString('hex'), (oldHead as Buffer | null)?.toString('hex'));
  assert.is(rows[0]?.new_head.toString('hex'), audited.at(-1)?.hash);
  const { rows: named } = await db.pool.query<{ stream: string }>('select stream from privacy.resealed_streams');
  assert.ok(
    named.every((row) => !row.stream.includes('@')),
    'a customer stream is kept by id, never by email',
  );
  assert.ok(named.some((row) => row.stream.startsWith(customerStreamPrefix)));
});

test('run again, it does nothing; new events go to the sealed streams', async (context) => {
  const before = (await everything(context.client)).length;
  await migrate(context.db.url, { masterKey: context.masterKey, eventStore: config(context) });
  assert.is((await everything(context.client)).length, before);
  const { rows } = await context.db.pool.query<{ old_events: string; done: boolean }>(
    'select old_events::text, converted_at is not null as done from privacy.eventstoredb_conversions',
  );
  assert.equal(rows, [{ old_events: String(context.history.flatMap((a) => a.events).length), done: true }]);
  const version = (await context.store.readStream('order-H-000002')).length;
  const [next] = mixedHistory(1)[1]?.[0]?.events ?? [];
  assert.ok(next);
  await context.store.append('order-H-000002', [next], { expectedVersion: version });
  assert.is((await context.store.readStream('order-H-000002')).length, version + 1);
});

test.run();
