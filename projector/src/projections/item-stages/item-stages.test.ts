import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import type { OrderItem } from '@ot/contracts/orders/order-events.ts';
import { sampleItem, sampleOrderPlaced } from '@ot/contracts/testing/sample-order.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoryView } from '../../runtime/memory-view.ts';
import type { Row } from '../../runtime/projection.ts';
import { ordersProjection } from '../orders/orders.projection.ts';
import { itemStagesProjection, quarterHourOf } from './item-stages.projection.ts';

type Tables = Record<string, Record<string, Row>>;

const event = (type: string, data: unknown, at: string, version = 1): RecordedDomainEvent =>
  ({
    id: `e-${type}-${at}`,
    type,
    stream: 'order-EP-0001',
    version,
    position: version,
    tx: version,
    schemaVersion: 1,
    data,
    metadata: {
      actor: { kind: 'import', id: 'a', name: 'admin' },
      occurredAt: at,
      commandId: 'c',
      correlationId: 'c',
      causationId: null,
    },
  }) as RecordedDomainEvent;

const item = (extra: object) =>
  sampleItem({ id: 'i1', name: 'Irons', manufacturer: 'Mizuno', status: 'order_placed_with_manufacturer', ...extra });

const placed = (items: object[], at: string) =>
  event('OrderPlaced', sampleOrderPlaced({ items: items as OrderItem[] }), at);

/**
 * The changes of the orders projection, then of this one, applied as the runtime applies them: a put sets
 * its columns of the row held, and a row of counts adds its `items` to the one held.
 */
function apply(events: RecordedDomainEvent[]): Tables {
  const tables: Tables = {};
  for (const e of events) {
    for (const projection of [ordersProjection, itemStagesProjection]) {
      for (const change of projection.project(e, memoryView(tables, { order_items: 'order_number' }))) {
        tables[change.table] ??= {};
        const rows = tables[change.table] as Record<string, Row>;
        const held = rows[change.key];
        if (change.table === 'item_stage_counts' && held && change.row)
          held.items = Number(held.items) + Number(change.row.items);
        else if (change.row) rows[change.key] = { ...held, ...change.row };
        else delete rows[change.key];
      }
    }
  }
  return tables;
}

const counted = (tables: Tables) => Object.values(tables.item_stage_counts ?? {});

test('an imported history counts each stage left by its business time, not the time it was imported', () => {
  const tables = apply([
    placed(
      [
        item({
          statusHistory: [
            { status: 'order_being_processed', at: '2026-01-01T09:00:00Z' },
            { status: 'order_placed_with_manufacturer', at: '2026-01-03T09:00:00Z' },
          ],
        }),
      ],
      '2026-03-01T12:00:00.000Z',
    ),
  ]);
  assert.equal(counted(tables), [
    {
      id: '["Mizuno","Irons","order_being_processed","2026-01-03T09:00:00.000Z",2]',
      manufacturer: 'Mizuno',
      item_type: 'Irons',
      status: 'order_being_processed',
      left_at: '2026-01-03T09:00:00.000Z',
      days: 2,
      items: 1,
    },
  ]);
  const open = tables.order_items?.i1;
  assert.equal(open?.status, 'order_placed_with_manufacturer');
  assert.equal(open?.entered_at, '2026-01-03T09:00:00.000Z');
  assert.equal(open?.last_change_at, null);
});

test('an item placed without history enters its status at the event time; a status change counts that stage', () => {
  const tables = apply([
    placed([item({})], '2026-01-01T10:00:00.000Z'),
    event('ItemEstimatedDeliverySet', { itemId: 'i1', estimatedDelivery: '2026-01-20' }, '2026-01-02T10:00:00.000Z', 2),
    event(
      'ItemStatusChanged',
      { itemId: 'i1', status: 'order_arrived_awaiting_qc', previousStatus: 'order_placed_with_manufacturer' },
      '2026-01-19T10:00:00.000Z',
      3,
    ),
  ]);
  assert.equal(
    counted(tables).map((row) => [row.status, row.left_at, row.days, row.items]),
    [['order_placed_with_manufacturer', '2026-01-19T10:00:00.000Z', 18, 1]],
  );
  const open = tables.order_items?.i1;
  assert.equal(open?.status, 'order_arrived_awaiting_qc');
  assert.equal(open?.entered_at, '2026-01-19T10:00:00.000Z');
  assert.equal(open?.first_eta, '2026-01-20');
  assert.equal(open?.ready_at, null);
  // Set beside the orders projection's columns of the same row, which stay.
  assert.equal([open?.name, open?.estimated_delivery], ['Irons', '2026-01-20']);
});

test('a step back is no lead time; reaching ready for collection sets ready_at once', () => {
  const tables = apply([
    placed([item({ status: 'order_checked_ready_for_collection' })], '2026-01-01T10:00:00.000Z'),
    event(
      'ItemStatusChanged',
      { itemId: 'i1', status: 'order_arrived_awaiting_qc', previousStatus: 'order_checked_ready_for_collection' },
      '2026-01-02T10:00:00.000Z',
      2,
    ),
  ]);
  assert.equal(counted(tables), []);
  assert.equal(tables.order_items?.i1?.ready_at, '2026-01-01T10:00:00.000Z');
});

test('items that leave a stage in the same quarter hour after as many days are one count', () => {
  const irons = (id: string, at: string) =>
    item({
      id,
      statusHistory: [
        { status: 'order_placed_with_manufacturer', at: '2026-01-01T09:00:00Z' },
        { status: 'order_arrived_awaiting_qc', at },
      ],
      status: 'order_arrived_awaiting_qc',
    });
  const tables = apply([
    placed(
      [irons('i1', '2026-01-19T09:01:00Z'), irons('i2', '2026-01-19T09:14:59Z'), irons('i3', '2026-01-19T09:15:00Z')],
      '2026-03-01T12:00:00.000Z',
    ),
  ]);
  assert.equal(
    counted(tables).map((row) => [row.left_at, row.days, row.items]),
    [
      ['2026-01-19T09:00:00.000Z', 18, 2],
      ['2026-01-19T09:15:00.000Z', 18, 1],
    ],
  );
});

test('times in UTC ISO form count the days Date.parse reads, across month ends and a day past one', () => {
  const history = [
    { status: 'order_being_processed', at: '2026-01-31T23:00:00.000Z' },
    { status: 'order_placed_with_manufacturer', at: '2026-02-28T23:00:00.000Z' },
    // Not a day of February: Date.parse carries it over to 2 March, and so is it read.
    { status: 'order_arrived_awaiting_qc', at: '2026-02-30T23:00:00.000Z' },
    { status: 'order_checked_ready_for_collection', at: '2026-12-31T23:59:59.999Z' },
  ];
  const tables = apply([
    placed(
      [item({ statusHistory: history, status: 'order_checked_ready_for_collection' })],
      '2027-01-02T12:00:00.000Z',
    ),
  ]);
  assert.equal(
    counted(tables).map((row) => [row.status, row.left_at, row.days]),
    [
      ['order_being_processed', '2026-02-28T23:00:00.000Z', 28],
      ['order_placed_with_manufacturer', '2026-03-02T23:00:00.000Z', 2],
      ['order_arrived_awaiting_qc', '2026-12-31T23:45:00.000Z', 304],
    ],
  );
});

test('an imported time with an offset is kept as its instant in UTC', () => {
  const history = [
    { status: 'order_placed_with_manufacturer', at: '2026-01-01T09:00:00Z' },
    { status: 'order_checked_ready_for_collection', at: '2026-01-19T10:30:00+01:00' },
  ];
  const tables = apply([
    placed([item({ statusHistory: history, status: 'order_checked_ready_for_collection' })], '2026-03-01T12:00:00Z'),
  ]);
  const open = tables.order_items?.i1;
  assert.equal([open?.entered_at, open?.ready_at], ['2026-01-19T09:30:00.000Z', '2026-01-19T09:30:00.000Z']);
});

test('the quarter hour of a time given with an offset is its instant’s', () => {
  assert.equal(quarterHourOf('2026-06-30T23:59:00+01:00'), '2026-06-30T22:45:00.000Z');
});

test.run();
