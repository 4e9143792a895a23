import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import type { ItemStatus } from '@ot/contracts/orders/item-status.ts';
import { isOrderFieldEvent, type OrderItem, orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import { adminOrderStatus, allEtasAdded, isOrderComplete, orderEta } from '@ot/contracts/orders/order-rules.ts';
import type { Change, Projection, ReadView, Row } from '../../runtime/projection.ts';

const itemRow = (orderNumber: string, item: OrderItem, ordinal: number): Row => ({
  id: item.id,
  order_number: orderNumber,
  ordinal,
  name: item.name,
  sku: item.sku,
  price: item.price,
  quantity: item.quantity,
  image_url: item.imageUrl,
  document_url: item.documentUrl,
  manufacturer: item.manufacturer,
  estimated_delivery: item.estimatedDelivery,
  status: item.status,
});

function placedRow(event: Extract<RecordedDomainEvent, { type: 'OrderPlaced' }>): Row {
  const o = event.data;
  return {
    order_number: o.orderNumber,
    order_id: o.orderId,
    customer_email: o.customerEmail,
    customer_name: o.customerName,
    customer_phone: o.customerPhone,
    order_date: o.orderDate,
    status: o.status,
    shipping_address: o.shippingAddress ?? null,
    billing_address: o.billingAddress,
    subtotal: o.subtotal,
    shipping: o.shipping,
    tax: o.tax,
    total: o.total,
    amount_paid: o.amountPaid,
    amount_remaining: o.amountRemaining,
    tracking_number: o.trackingNumber,
    estimated_delivery: o.estimatedDelivery,
    customer_notes: o.customerNotes,
    fitter_notes: o.fitterNotes,
    squarespace_order_id: o.squarespaceOrderId,
    item_count: 0,
    admin_status: 'order_being_processed',
    complete: false,
    all_etas_added: false,
    delivered_at: null,
    version: event.version,
    created_at: event.metadata.occurredAt,
    updated_at: event.metadata.occurredAt,
  };
}

/** A field's column is its snake_case name. */
const columnNames = new Map<string, string>();
const columnOf = (field: string): string => {
  let column = columnNames.get(field);
  if (column === undefined) {
    column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    columnNames.set(field, column);
  }
  return column;
};

/** The columns an event sets on the order itself (before the derived ones). */
function orderColumns(event: RecordedDomainEvent): Row {
  if (isOrderFieldEvent(event)) {
    const columns: Row = {};
    for (const [field, value] of Object.entries(event.data)) columns[columnOf(field)] = value ?? null;
    return columns;
  }
  return event.type === 'OrderStatusChanged' ? { status: event.data.status } : {};
}

/** The columns an event sets on one item, or on every item of the order. */
function itemColumns(event: RecordedDomainEvent, item: Row): Row | null {
  switch (event.type) {
    case 'SpecDocumentAttached':
      return { document_url: event.data.documentUrl };
    case 'ItemStatusChanged':
      return item.id === event.data.itemId ? { status: event.data.status } : null;
    case 'ItemEstimatedDeliverySet':
      return item.id === event.data.itemId ? { estimated_delivery: event.data.estimatedDelivery } : null;
    case 'ItemManufacturerChanged':
      return item.id === event.data.itemId ? { manufacturer: event.data.manufacturer } : null;
    default:
      return null;
  }
}

/**
 * When the order became complete: an imported order's last step of history (business time), else the event's time.
 */
function completedAt(event: RecordedDomainEvent): string {
  if (event.type !== 'OrderPlaced') return event.metadata.occurredAt;
  const lasts = event.data.items.flatMap((item) => item.statusHistory?.at(-1)?.at ?? []);
  return lasts.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b), lasts[0] ?? event.metadata.occurredAt);
}

/**
 * The order's derived columns (status, complete, ETAs added, ETA, delivered) from its items, by the rules in contracts/order-rules.ts,
 * with the event's own time so a rebuild gives the same rows.
 */
function derived(order: Row, items: readonly Row[], event: RecordedDomainEvent): Row {
  const facts = items.map((item) => ({
    status: item.status as ItemStatus,
    estimatedDelivery: item.estimated_delivery as string | null,
  }));
  const complete = isOrderComplete(facts);
  return {
    item_count: items.length,
    admin_status: adminOrderStatus(facts),
    complete,
    all_etas_added: allEtasAdded(facts),
    // The order's ETA, so the dashboard's list tells overdue from columns without reading the items.
    eta: orderEta({ estimatedDelivery: order.estimated_delivery as string | null, items: facts }),
    delivered_at: complete ? (order.delivered_at ?? completedAt(event)) : null,
    // Every event of the stream moves the order's version, notifications included: clients send it back in If-Match.
    version: event.version,
    updated_at: event.metadata.occurredAt,
  };
}

const orderNumberOf = (event: RecordedDomainEvent): string => event.stream.slice(orderStreamPrefix.length);

function project(event: RecordedDomainEvent, view: ReadView): Change[] {
  if (!event.stream.startsWith(orderStreamPrefix)) return [];
  const orderNumber = orderNumberOf(event);
  const changes: Change[] = [];
  let order: Row;
  let items: Row[];
  if (event.type === 'OrderPlaced') {
    order = placedRow(event);
    items = event.data.items.map((item, index) => itemRow(event.data.orderNumber, item, index));
    for (const item of items) changes.push({ table: 'order_items', key: item.id as string, row: item });
  } else {
    const before = view.get('orders', orderNumber);
    if (!before) return [];
    // A new row (the view's is never changed in place): the order as it was, with what the event sets.
    order = Object.assign({ ...before }, orderColumns(event));
    items = view.group('order_items', orderNumber).map((item) => {
      const set = itemColumns(event, item);
      if (!set) return item;
      const changed = { ...item, ...set };
      changes.push({ table: 'order_items', key: item.id as string, row: changed });
      return changed;
    });
  }
  const row = Object.assign(order, derived(order, items, event));
  return [{ table: 'orders', key: row.order_number as string, row }, ...changes];
}

export const ordersProjection: Projection = {
  name: 'orders',
  tables: [
    { name: 'orders', key: 'order_number' },
    { name: 'order_items', key: 'id', groupBy: 'order_number' },
  ],
  needs(event) {
    if (!event.stream.startsWith(orderStreamPrefix) || event.type === 'OrderPlaced') return [];
    const orderNumber = orderNumberOf(event);
    return [
      { table: 'orders', key: orderNumber },
      { table: 'order_items', group: orderNumber },
    ];
  },
  project,
};
