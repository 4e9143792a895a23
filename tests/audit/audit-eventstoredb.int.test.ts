import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { eventHash } from '@ot/infra/event-store/event-hash.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { type Stack, startStack } from '../support/stack.ts';

/**
 * The audit API on EVENT_STORE=eventstoredb (the local stand-in): the same history, hashes chained as
 * Postgres chains them, the order as of a version, and the export.
 */
const test = suite<{ stack: Stack }>('audit API on EventStoreDB', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack({}, { eventStore: 'eventstoredb' });
});
test.after(async ({ stack }) => stack.stop());

interface Audited {
  stream: string;
  version: number;
  type: string;
  data: unknown;
  hash: string;
  sealed: { data: unknown; metadata: unknown } | null;
  recordedAt: string;
  actor: unknown;
  occurredAt: string;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

test('events with the chain hash, changes and as-of, read from EventStoreDB', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin, { fitterNotes: 'first' });
  const n = order.orderNumber;
  const patched = await admin.patch<OrderView>(`/api/admin/orders/${n}/status`, {
    status: 'order_placed_with_manufacturer',
  });
  assert.is(patched.status, 200);
  await stack.settle();
  const shown = (await admin.get<OrderView>(`/api/orders/${n}`)).body;

  const events = await admin.get<Audited[]>(`/api/audit/orders/${n}/events`);
  assert.is(events.status, 200);
  const own = events.body.filter((event) => event.stream === `order-${n}`);
  assert.equal(
    own.map((event) => event.type),
    ['OrderPlaced', 'OrderStatusChanged'],
  );
  let previous: Buffer | null = null;
  for (const event of own) {
    const metadata = {
      actor: event.actor,
      occurredAt: event.occurredAt,
      commandId: event.commandId,
      correlationId: event.correlationId,
      causationId: event.causationId,
    };
    // The hash covers the event as stored: its personal values sealed (the audit record says how).
    const stored = event.sealed ?? { data: event.data, metadata };
    const hash = eventHash(previous, { ...event, ...stored });
    assert.is(event.hash, hash.toString('hex'), `hash of version ${event.version}`);
    previous = hash;
  }
  assert.equal(own[1]?.changes, [
    { field: 'status', before: 'order_being_processed', after: 'order_placed_with_manufacturer' },
  ]);

  const asOf = await admin.get<OrderView>(`/api/audit/orders/${n}?version=${shown.version}`);
  assert.equal(asOf.body, shown);
  assert.is((await admin.get(`/api/audit/orders/${n}?version=99`)).status, 404);

  const exported = await admin.raw(`/api/audit/export?format=ndjson&orderNumber=${n}`);
  const rows = (await exported.text()).trim().split('\n');
  assert.is(rows.length, events.body.length);
});

test.run();
