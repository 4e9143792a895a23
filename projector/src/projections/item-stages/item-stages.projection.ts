import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { isReadyStatus, itemTypeOf } from '@ot/contracts/insights/stages.ts';
import { type ItemStatus, itemStatusRank } from '@ot/contracts/orders/item-status.ts';
import { type OrderItem, orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import type { Change, Projection, ReadView, Row } from '../../runtime/projection.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days between two instants, rounded: a lead time counts days, not hours. */
export const daysBetween = (from: string, to: string): number =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS));

/** When the business says the item entered a status, and when that was written down (the event's time). */
interface Entry {
  status: ItemStatus;
  at: string;
  recordedAt: string;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * The quarter hour an instant falls in, as an ISO time: every time zone's offset is whole quarter
 * hours, so a window of studio days counts exactly the items that left within it.
 */
export const quarterHourOf = (at: string): string =>
  new Date(Math.floor(Date.parse(at) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS).toISOString();

/**
 * The stage an item left by entering `next`, counted among the items that left that stage in the same
 * quarter hour after as many days, when it moved forward (a step back is no lead time).
 */
function leftStage(open: Row, next: Entry): Change[] {
  const status = open.status as ItemStatus;
  if (itemStatusRank(next.status) <= itemStatusRank(status)) return [];
  const manufacturer = (open.manufacturer as string | null) ?? null;
  const itemType = open.item_type as string;
  const leftAt = quarterHourOf(next.at);
  const days = daysBetween(open.entered_at as string, next.at);
  // The same text the migration that made the table gave the counts it carried over.
  const key = JSON.stringify([manufacturer, itemType, status, leftAt, days]);
  const row = { id: key, manufacturer, item_type: itemType, status, left_at: leftAt, days, items: 1 };
  return [{ table: 'item_stage_counts', key, row }];
}

/** The item's current stage after entering `next`: a new span begins. */
const entered = (open: Row, next: Entry): Row => ({
  ...open,
  status: next.status,
  seq: (open.seq as number) + 1,
  entered_at: next.at,
  entered_recorded_at: next.recordedAt,
  last_change_at: next.at,
  ready_at: open.ready_at ?? (isReadyStatus(next.status) ? next.at : null),
});

/** An item as placed: its imported history (each step a stage left) or one stage begun now. */
function placedItem(orderNumber: string, item: OrderItem, recordedAt: string): Change[] {
  const history: Entry[] = item.statusHistory?.length
    ? item.statusHistory.map((step) => ({ status: step.status, at: step.at, recordedAt }))
    : [{ status: item.status, at: recordedAt, recordedAt }];
  const [first, ...rest] = history as [Entry, ...Entry[]];
  let open: Row = {
    item_id: item.id,
    order_number: orderNumber,
    item_name: item.name,
    item_type: itemTypeOf(item.name),
    manufacturer: item.manufacturer,
    estimated_delivery: item.estimatedDelivery,
    first_eta: item.estimatedDelivery,
    seq: 0,
    status: first.status,
    entered_at: first.at,
    entered_recorded_at: recordedAt,
    last_change_at: first.at,
    ready_at: isReadyStatus(first.status) ? first.at : null,
  };
  const changes: Change[] = [];
  for (const step of rest) {
    if (step.status === open.status) continue;
    changes.push(...leftStage(open, step));
    open = entered(open, step);
  }
  changes.push({ table: 'item_stages', key: item.id, row: open });
  return changes;
}

function itemChange(event: RecordedDomainEvent, open: Row): Change[] {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'ItemStatusChanged': {
      if (event.data.status === open.status) return [];
      const next = { status: event.data.status, at, recordedAt: at };
      return [
        ...leftStage(open, next),
        { table: 'item_stages', key: open.item_id as string, row: entered(open, next) },
      ];
    }
    case 'ItemEstimatedDeliverySet': {
      const eta = event.data.estimatedDelivery;
      const row = { ...open, estimated_delivery: eta, first_eta: open.first_eta ?? eta, last_change_at: at };
      return [{ table: 'item_stages', key: open.item_id as string, row }];
    }
    case 'ItemManufacturerChanged': {
      const row = { ...open, manufacturer: event.data.manufacturer, last_change_at: at };
      return [{ table: 'item_stages', key: open.item_id as string, row }];
    }
    default:
      return [];
  }
}

function project(event: RecordedDomainEvent, view: ReadView): Change[] {
  if (!event.stream.startsWith(orderStreamPrefix)) return [];
  if (event.type === 'OrderPlaced') {
    return event.data.items.flatMap((item) => placedItem(event.data.orderNumber, item, event.metadata.occurredAt));
  }
  if (!('itemId' in event.data)) return [];
  const open = view.get('item_stages', event.data.itemId);
  return open ? itemChange(event, open) : [];
}

/**
 * Each item's current stage, since when (the business time: an import's statusHistory `at`, else the
 * event's own time, beside the record time, the event's), for predictions and the attention list; and
 * how many items left each stage after how many days, for lead times. Manufacturer and item type are
 * the item's when it left the stage.
 */
export const itemStagesProjection: Projection = {
  name: 'item-stages',
  tables: [
    { name: 'item_stages', key: 'item_id' },
    { name: 'item_stage_counts', key: 'id', sums: 'items' },
  ],
  needs(event) {
    if (!event.stream.startsWith(orderStreamPrefix) || !('itemId' in event.data)) return [];
    return [{ table: 'item_stages', key: event.data.itemId }];
  },
  project,
};
