import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startNotifier } from '../support/notifier.ts';
import { addOrder, signedInAdmin, signedInStaff } from '../support/scenario.ts';
import { type Stack, startStack } from '../support/stack.ts';

/**
 * GET /api/audit/orders/{n}/events against the store itself: every field of every event of an order
 * and of its emails (requests, outcomes, a resend by another admin), found from the events alone.
 */
const AUDITOR = { username: 'eve.auditor', password: 'auditors read every line' };
const SECOND_ADMIN = { username: 'ben.fitter', password: 'a second admin of the studio' };

interface World {
  stack: Stack;
}

const test = suite<World>('audit API: every field of the events', {} as World);

test.before(async (world) => {
  world.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

interface AuditedRecord {
  id: string;
  stream: string;
  version: number;
  position: number;
  type: string;
  occurredAt: string;
  recordedAt: string;
  actor: { kind: string; id: string; name: string };
  commandId: string;
  correlationId: string;
  causationId: string | null;
  data: Record<string, unknown>;
  hash: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

test("every field of an order's events, its emails' requests, outcomes and resends, found from the events alone", async (world) => {
  const first = await signedInAdmin(world.stack);
  const second = await signedInStaff(world.stack, SECOND_ADMIN);
  const order = await addOrder(first, { fitterNotes: 'staff only' });
  const n = order.orderNumber;
  const itemId = order.items[0]?.id as string;
  const notifier = startNotifier(world.stack.db.pool, world.stack.store);
  try {
    const patched = await second.patch(
      `/api/admin/orders/${n}/items/${itemId}`,
      { status: 'order_placed_with_manufacturer' },
      { 'x-send-email': 'true' },
    );
    assert.is(patched.status, 200);
    const requested = await sent(world, n, 1);
    await world.stack.settle();
    const resend = await second.post<{ notificationId: string }>(`/api/admin/email-events/${requested[0]}/resend`);
    assert.is(resend.status, 202, JSON.stringify(resend.body));
    await sent(world, n, 2, resend.body.notificationId);
  } finally {
    await notifier.stop();
  }
  await world.stack.settle();
  // The email log is a read model: the history must not need it.
  await world.stack.db.pool.query('delete from rm.email_events where order_number = $1', [n]);

  const auditor = await signedInStaff(world.stack, AUDITOR, 'auditor');
  const answer = await auditor.get<AuditedRecord[]>(`/api/audit/orders/${n}/events`);
  assert.is(answer.status, 200);
  const { rows: stored } = await world.stack.db.pool.query<{
    id: string;
    stream: string;
    version: number;
    position: string;
    type: string;
    data: Record<string, unknown>;
    metadata: Record<string, unknown>;
    recorded_at: Date;
    hash: string;
  }>(
    `select id::text, stream, version, position::text, type, data, metadata, recorded_at, encode(hash, 'hex') as hash
       from es.events
      where stream = $1 or stream in (
        select 'email-' || (data->>'notificationId') from es.events where stream = $1 and type = 'CustomerNotificationRequested')
        or stream in (select stream from es.events where data->>'orderNumber' = $2 and stream like 'email-%')
      order by position`,
    [`order-${n}`, n],
  );
  // The personal fields as the store opens them (it keeps them sealed, infra/src/privacy/); the rest as stored.
  const opened = new Map((await world.stack.store.readEventsById(stored.map((row) => row.id))).map((e) => [e.id, e]));
  const rows = stored.map((row) => ({
    ...row,
    data: opened.get(row.id)?.data as Record<string, unknown>,
    metadata: opened.get(row.id)?.metadata as unknown as Record<string, unknown>,
  }));
  assert.equal(
    answer.body.map((event) => event.id),
    rows.map((row) => row.id),
    'every event of the order and of its emails, in stream (global) order',
  );
  assert.equal(
    rows.map((row) => `${row.stream.startsWith('email-') ? 'email' : 'order'}:${row.type}`),
    [
      'order:OrderPlaced',
      'order:ItemStatusChanged',
      'order:CustomerNotificationRequested',
      'email:EmailSent',
      'email:CustomerNotificationRequested',
      'email:EmailSent',
    ],
  );
  for (const [index, event] of answer.body.entries()) {
    const row = rows[index];
    assert.ok(row);
    assert.equal(Object.keys(event).sort(), [
      'actor',
      'causationId',
      'changes',
      'commandId',
      'correlationId',
      'data',
      'hash',
      'id',
      'occurredAt',
      'position',
      'recordedAt',
      'sealed',
      'stream',
      'type',
      'version',
    ]);
    const metadata = row.metadata as { actor: unknown; occurredAt: string; commandId: string; correlationId: string };
    assert.equal(
      {
        stream: event.stream,
        version: event.version,
        position: event.position,
        type: event.type,
        occurredAt: event.occurredAt,
        recordedAt: event.recordedAt,
        actor: event.actor,
        commandId: event.commandId,
        correlationId: event.correlationId,
        causationId: event.causationId,
        data: event.data,
        hash: event.hash,
      },
      {
        stream: row.stream,
        version: row.version,
        position: Number(row.position),
        type: row.type,
        occurredAt: metadata.occurredAt,
        recordedAt: row.recorded_at.toISOString(),
        actor: metadata.actor,
        commandId: metadata.commandId,
        correlationId: metadata.correlationId,
        causationId: (row.metadata as { causationId?: string | null }).causationId ?? null,
        data: row.data,
        hash: row.hash,
      },
      `${row.stream} v${row.version}`,
    );
  }
  const [placed, moved, request, delivered, resent, resentDelivered] = answer.body as [
    AuditedRecord,
    AuditedRecord,
    AuditedRecord,
    AuditedRecord,
    AuditedRecord,
    AuditedRecord,
  ];
  assert.equal(placed.actor.name, 'admin');
  assert.equal([moved.actor.kind, moved.actor.name], ['admin', SECOND_ADMIN.username]);
  assert.equal(
    placed.changes.find((change) => change.field === 'fitterNotes'),
    { field: 'fitterNotes', before: null, after: 'staff only' },
    'the staff-only fields are in the history',
  );
  assert.equal(moved.changes, [
    { field: `items[${itemId}].status`, before: 'order_being_processed', after: 'order_placed_with_manufacturer' },
  ]);
  const firstId = request.data.notificationId as string;
  const resendId = resent.data.notificationId as string;
  assert.equal(request.changes, [{ field: `emails[${firstId}].status`, before: null, after: 'pending' }]);
  assert.equal(delivered.changes, [{ field: `emails[${firstId}].status`, before: 'pending', after: 'sent' }]);
  assert.is(delivered.stream, `email-${firstId}`);
  assert.equal([resent.stream, resent.data.resendOf, resent.data.orderNumber], [`email-${resendId}`, firstId, n]);
  assert.equal(resent.changes, [{ field: `emails[${resendId}].status`, before: null, after: 'pending' }]);
  assert.equal(resentDelivered.changes, [{ field: `emails[${resendId}].status`, before: 'pending', after: 'sent' }]);
  assert.is(resent.actor.name, SECOND_ADMIN.username);

  // The export of the order holds the same events, each with its chain hash.
  const exported = await auditor.raw(`/api/audit/export?format=ndjson&orderNumber=${n}`);
  const lines = (await exported.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: string; hash: string });
  assert.equal(
    lines.map((line) => [line.id, line.hash]),
    answer.body.map((event) => [event.id, event.hash]),
  );
});

/** The order's emails once the notifier has sent `count` of them (the last, when given, with this id). */
async function sent(world: World, n: string, count: number, last?: string): Promise<string[]> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await world.stack.db.pool.query<{ id: string }>(
      `select substr(stream, 7) as id from es.events
        where type = 'EmailSent' and stream in (
          select 'email-' || (data->>'notificationId') from es.events
           where type = 'CustomerNotificationRequested' and (stream = $1 or data->>'orderNumber' = $2))
        order by position`,
      [`order-${n}`, n],
    );
    if (rows.length >= count && (!last || rows.some((row) => row.id === last))) return rows.map((row) => row.id);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the notifier did not send ${count} emails of ${n}`);
}

test.run();
