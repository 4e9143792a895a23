import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoryView } from '../../runtime/memory-view.ts';
import type { Row } from '../../runtime/projection.ts';
import { itemStagesProjection } from './item-stages.projection.ts';

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

const item = (extra: object) => ({
  id: 'i1',
  name: 'Irons',
  sku: 'S',
  price: 100,
  quantity: 1,
  imageUrl: null,
  documentUrl: null,
  manufacturer: 'Mizuno',
  estimatedDelivery: null,
  status: 'order_placed_with_manufacturer',
  ...extra,
});

const placed = (items: object[], at: string) => event('OrderPlaced', { orderNumber: 'EP-0001', items }, at);

function apply(events: RecordedDomainEvent[]): Tables {
  const tables: Tables = {};
  for (const e of events) {
    for (const change of itemStagesProjection.project(e, memoryView(tables))) {
      tables[change.table] ??= {};
      const rows = tables[change.table] as Record<string, Row>;
      if (change.row) rows[change.key] = change.row;
      else delete rows[change.key];
    }
  }
  return tables;
}

test('an imported history becomes one closed span per step left, with business and record times both kept', () => {
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
  const span = tables.item_stage_spans?.['i1:0'];
  assert.equal(span?.status, 'order_being_processed');
  assert.equal(span?.next_status, 'order_placed_with_manufacturer');
  assert.equal(span?.days, 2);
  assert.equal(span?.left_recorded_at, '2026-03-01T12:00:00.000Z');
  assert.equal(span?.manufacturer, 'Mizuno');
  assert.equal(span?.item_type, 'Irons');
  const open = tables.item_stages?.i1;
  assert.equal(open?.status, 'order_placed_with_manufacturer');
  assert.equal(open?.entered_at, '2026-01-03T09:00:00Z');
  assert.equal(open?.entered_recorded_at, '2026-03-01T12:00:00.000Z');
});

test('an item placed without history enters its status at the event time; a status change closes that span', () => {
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
  const span = tables.item_stage_spans?.['i1:0'];
  assert.equal(span?.days, 18);
  assert.equal(span?.forward, true);
  const open = tables.item_stages?.i1;
  assert.equal(open?.status, 'order_arrived_awaiting_qc');
  assert.equal(open?.seq, 1);
  assert.equal(open?.first_eta, '2026-01-20');
  assert.equal(open?.ready_at, null);
});

test('a step back is kept as a span but not counted forward; reaching ready for collection sets ready_at once', () => {
  const tables = apply([
    placed([item({ status: 'order_checked_ready_for_collection' })], '2026-01-01T10:00:00.000Z'),
    event(
      'ItemStatusChanged',
      { itemId: 'i1', status: 'order_arrived_awaiting_qc', previousStatus: 'order_checked_ready_for_collection' },
      '2026-01-02T10:00:00.000Z',
      2,
    ),
  ]);
  assert.equal(tables.item_stage_spans?.['i1:0']?.forward, false);
  assert.equal(tables.item_stages?.i1?.ready_at, '2026-01-01T10:00:00.000Z');
});

test.run();
