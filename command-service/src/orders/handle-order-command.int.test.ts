import { randomUUID } from 'node:crypto';
import { Conflict, NotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import { createPostgresEventStore } from '@ot/infra/event-store/postgres-event-store.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { commandEventId } from '../commands/handle-command.ts';
import { handleOrderCommand } from './handle-order-command.ts';
import { orderStream } from './order.ts';
import { orderPlaced } from './testing/given-when-then.ts';
import { decideUpdateOrderItem } from './update-order-item/update-order-item.ts';

/** The write pipeline against the real Postgres event store: versions, conflicts, no-ops. */
const test = suite<{ db: TestDatabase }>('the order command pipeline', { db: undefined as never });
test.before(async (context) => {
  context.db = await createTestDatabase();
});
test.after(async ({ db }) => {
  await db.drop();
});

const context = (): CommandContext => ({
  actor: { kind: 'admin', id: 'a', name: 'admin' },
  now: '2026-01-01T00:00:00.000Z',
  commandId: randomUUID(),
  correlationId: randomUUID(),
});

async function placed(db: TestDatabase) {
  const store = createPostgresEventStore(db.pool);
  const orderNumber = `T-${randomUUID().slice(0, 8)}`;
  await handleOrderCommand(
    { store },
    { orderNumber, context: context(), mustExist: false, decide: () => [orderPlaced({ orderNumber })] },
  );
  return { store, orderNumber, deps: { store } };
}

const setStatus =
  (status: 'order_arrived_awaiting_qc' | 'order_collected_shipped') =>
  (state: Parameters<typeof decideUpdateOrderItem>[1]) =>
    decideUpdateOrderItem(
      { type: 'UpdateOrderItem', itemId: 'item-driver', changes: { status }, notification: null },
      state,
    );

test('a command based on a stale version is a conflict carrying the current version', async ({ db }) => {
  const { store, orderNumber, deps } = await placed(db);
  await handleOrderCommand(deps, {
    orderNumber,
    context: context(),
    ifMatch: 1,
    decide: setStatus('order_arrived_awaiting_qc'),
  });
  try {
    await handleOrderCommand(deps, {
      orderNumber,
      context: context(),
      ifMatch: 1,
      decide: setStatus('order_collected_shipped'),
    });
    assert.unreachable('a stale version must be refused');
  } catch (error) {
    assert.instance(error, Conflict);
    assert.is((error as Conflict).details.currentVersion, 2);
  }
  assert.is((await store.readStream(orderStream(orderNumber))).length, 2);
});

test('without If-Match, a write that lands between load and append is decided again on the new state', async ({
  db,
}) => {
  const { store, orderNumber } = await placed(db);
  // Another writer gets in just before this command's first append (the real store, with a write slipped in).
  let slipped = false;
  const racingStore: typeof store = {
    ...store,
    async append(stream, events, options) {
      if (!slipped) {
        slipped = true;
        await store.append(
          stream,
          [
            {
              id: randomUUID(),
              type: 'ItemManufacturerChanged',
              data: { itemId: 'item-driver', manufacturer: 'Ping' },
              metadata: { ...context(), causationId: null, occurredAt: context().now },
            },
          ],
          { expectedVersion: 1 },
        );
      }
      return store.append(stream, events, options);
    },
  };
  const seen: (string | null | undefined)[] = [];
  const result = await handleOrderCommand(
    { store: racingStore },
    {
      orderNumber,
      context: context(),
      decide: (state) => {
        seen.push(state?.items[0]?.manufacturer);
        return setStatus('order_collected_shipped')(state);
      },
    },
  );
  assert.equal(seen, ['Titleist', 'Ping'], 'decided twice, the second time on the new state');
  assert.is(result.version, 3);
  assert.equal(
    (await store.readStream(orderStream(orderNumber))).map((event) => event.type),
    ['OrderPlaced', 'ItemManufacturerChanged', 'ItemStatusChanged'],
  );
});

test('a command that decides nothing appends nothing and reports position 0', async ({ db }) => {
  const { store, orderNumber, deps } = await placed(db);
  const result = await handleOrderCommand(deps, { orderNumber, context: context(), decide: () => [] });
  assert.is(result.position, 0);
  assert.is(result.version, 1);
  assert.is((await store.readStream(orderStream(orderNumber))).length, 1);
});

test('an order that does not exist is not found before anything is decided', async ({ db }) => {
  const store = createPostgresEventStore(db.pool);
  let decided = false;
  try {
    await handleOrderCommand(
      { store },
      {
        orderNumber: 'NOPE',
        context: context(),
        decide: () => {
          decided = true;
          return [];
        },
      },
    );
    assert.unreachable();
  } catch (error) {
    assert.instance(error, NotFound);
  }
  assert.not.ok(decided);
});

test('a command that already landed is answered from the stream as it stood after it, and appends nothing', async ({
  db,
}) => {
  const { store, orderNumber, deps } = await placed(db);
  const once = context();
  const first = await handleOrderCommand(deps, {
    orderNumber,
    context: once,
    decide: setStatus('order_arrived_awaiting_qc'),
  });
  await handleOrderCommand(deps, { orderNumber, context: context(), decide: setStatus('order_collected_shipped') });
  let decided = false;
  const retried = await handleOrderCommand(deps, {
    orderNumber,
    context: once,
    ifMatch: 1,
    decide: (state) => {
      decided = true;
      return setStatus('order_arrived_awaiting_qc')(state);
    },
  });
  assert.not.ok(decided, 'not decided again');
  assert.equal(
    [retried.version, retried.position, retried.state?.items[0]?.status],
    [first.version, first.position, 'order_arrived_awaiting_qc'],
  );
  const events = await store.readStream(orderStream(orderNumber));
  assert.is(events.length, 3);
  assert.equal(
    events.filter((event) => event.metadata.commandId === once.commandId).map((event) => event.id),
    [commandEventId(once.commandId, 0)],
    'its event id is named after the command',
  );
});

/** The store as a second command-service process sees it: the same database, orders kept apart. */
const anotherProcess = (db: TestDatabase) => ({ store: createPostgresEventStore(db.pool) });

test('an order this process already folded is not read again for the next command', async ({ db }) => {
  const { store, orderNumber } = await placed(db);
  let reads = 0;
  const counted = {
    ...store,
    readStream: (...args: Parameters<typeof store.readStream>) => {
      reads += 1;
      return store.readStream(...args);
    },
  };
  const deps = { store: counted };
  await handleOrderCommand(deps, { orderNumber, context: context(), decide: setStatus('order_arrived_awaiting_qc') });
  reads = 0;
  const result = await handleOrderCommand(deps, {
    orderNumber,
    context: context(),
    ifMatch: 2,
    decide: setStatus('order_collected_shipped'),
  });
  assert.is(reads, 0, 'decided on the order it kept');
  assert.is(result.version, 3);
  assert.is(result.state?.items[0]?.status, 'order_collected_shipped');
  const events = await store.readStream(orderStream(orderNumber));
  assert.equal(
    [result.meta, result.position],
    [
      {
        version: 3,
        createdAt: events[0]?.metadata.occurredAt,
        updatedAt: events[2]?.metadata.occurredAt,
        deliveredAt: null,
      },
      events[2]?.position,
    ],
    'answered as a read of the stream would',
  );
});

test('a kept order behind the stream (another process wrote): without If-Match decided again on the stream as it stands', async ({
  db,
}) => {
  const { store, orderNumber, deps } = await placed(db);
  await handleOrderCommand(deps, { orderNumber, context: context(), decide: setStatus('order_arrived_awaiting_qc') });
  await handleOrderCommand(anotherProcess(db), {
    orderNumber,
    context: context(),
    decide: (state) =>
      decideUpdateOrderItem(
        { type: 'UpdateOrderItem', itemId: 'item-driver', changes: { manufacturer: 'Ping' }, notification: null },
        state,
      ),
  });
  const seen: (string | null | undefined)[] = [];
  const result = await handleOrderCommand(deps, {
    orderNumber,
    context: context(),
    decide: (state) => {
      seen.push(state?.items[0]?.manufacturer);
      return setStatus('order_collected_shipped')(state);
    },
  });
  assert.equal(seen, ['Titleist', 'Ping'], 'the append on the kept order conflicted; decided again on the stream');
  assert.is(result.version, 4);
  assert.is(result.state?.items[0]?.manufacturer, 'Ping');
  assert.is((await store.readStream(orderStream(orderNumber))).length, 4);
});

test('a kept order behind the stream: If-Match of the kept version is a conflict carrying the current one', async ({
  db,
}) => {
  const { store, orderNumber, deps } = await placed(db);
  await handleOrderCommand(deps, { orderNumber, context: context(), decide: setStatus('order_arrived_awaiting_qc') });
  await handleOrderCommand(anotherProcess(db), {
    orderNumber,
    context: context(),
    decide: setStatus('order_collected_shipped'),
  });
  try {
    await handleOrderCommand(deps, {
      orderNumber,
      context: context(),
      ifMatch: 2,
      decide: setStatus('order_arrived_awaiting_qc'),
    });
    assert.unreachable('a stale version must be refused');
  } catch (error) {
    assert.instance(error, Conflict);
    assert.is((error as Conflict).details.currentVersion, 3);
  }
  assert.is((await store.readStream(orderStream(orderNumber))).length, 3);
});

test('a retry of a command that landed through another process is answered as it landed, not appended again', async ({
  db,
}) => {
  const { store, orderNumber, deps } = await placed(db);
  await handleOrderCommand(deps, { orderNumber, context: context(), decide: setStatus('order_arrived_awaiting_qc') });
  const once = context();
  const first = await handleOrderCommand(anotherProcess(db), {
    orderNumber,
    context: once,
    decide: setStatus('order_collected_shipped'),
  });
  const retried = await handleOrderCommand(deps, {
    orderNumber,
    context: { ...once, now: '2026-02-02T00:00:00.000Z' },
    decide: setStatus('order_collected_shipped'),
  });
  assert.equal(
    [retried.version, retried.position, retried.meta.updatedAt],
    [first.version, first.position, once.now],
    'the stream as it stood after it',
  );
  assert.is((await store.readStream(orderStream(orderNumber))).length, 3);
});

test.run();
