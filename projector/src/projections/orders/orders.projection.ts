import type { RecordedDomainEvent as RecordedOrderEvent } from '@ot/contracts/events/event-registry.ts';
import { itemStatuses } from '@ot/contracts/orders/item-status.ts';
import { type OrderItem, orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import { type Projection, type SqlStatement, sql } from '../../runtime/projection.ts';

const insertItem = (orderNumber: string, item: OrderItem, ordinal: number): SqlStatement =>
  sql(
    `insert into rm.order_items
       (id, order_number, ordinal, name, sku, price, quantity, image_url, document_url, manufacturer, estimated_delivery, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    item.id,
    orderNumber,
    ordinal,
    item.name,
    item.sku,
    item.price,
    item.quantity,
    item.imageUrl,
    item.documentUrl,
    item.manufacturer,
    item.estimatedDelivery,
    item.status,
  );

/**
 * The order's derived columns (spec section 4), recomputed from its items after every change, with the
 * event's own time so a rebuild gives the same rows. The same rules live in contracts/order-rules.ts;
 * a test holds the two to the same answers.
 */
const refreshOrder = (event: RecordedOrderEvent, orderNumber: string): SqlStatement =>
  sql(
    `update rm.orders o set
        item_count = d.item_count,
        admin_status = d.admin_status,
        complete = d.complete,
        all_etas_added = d.all_etas_added,
        delivered_at = case when d.complete then coalesce(o.delivered_at, $2) else null end,
        version = $3,
        updated_at = $2
      from (
        select count(*)::int as item_count,
               coalesce((array_agg(status order by array_position($4::text[], status)))[1], 'order_being_processed') as admin_status,
               count(*) > 0 and coalesce(bool_and(status = 'order_collected_shipped'), false) as complete,
               count(*) > 0 and coalesce(bool_and(coalesce(estimated_delivery, '') <> ''), false) as all_etas_added
          from rm.order_items where order_number = $1
      ) d
      where o.order_number = $1`,
    orderNumber,
    event.metadata.occurredAt,
    event.version,
    [...itemStatuses],
  );

const setColumn = (orderNumber: string, column: string, value: unknown): SqlStatement =>
  sql(`update rm.orders set ${column} = $2 where order_number = $1`, orderNumber, value);

const setItemColumn = (itemId: string, column: string, value: unknown): SqlStatement =>
  sql(`update rm.order_items set ${column} = $2 where id = $1`, itemId, value);

const orderNumberOf = (event: RecordedOrderEvent): string => event.stream.slice(orderStreamPrefix.length);

export const ordersProjection: Projection = {
  name: 'orders',
  tables: ['rm.order_items', 'rm.orders'],
  project(event) {
    if (!event.stream.startsWith(orderStreamPrefix)) return [];
    const orderNumber = orderNumberOf(event);
    const changes = ((): SqlStatement[] => {
      switch (event.type) {
        case 'OrderPlaced': {
          const o = event.data;
          return [
            sql(
              `insert into rm.orders (order_number, order_id, customer_email, customer_name, customer_phone, order_date, status,
                 shipping_address, billing_address, subtotal, shipping, tax, total, amount_paid, amount_remaining,
                 tracking_number, estimated_delivery, customer_notes, fitter_notes, squarespace_order_id,
                 version, created_at, updated_at)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $22)`,
              o.orderNumber,
              o.orderId,
              o.customerEmail,
              o.customerName,
              o.customerPhone,
              o.orderDate,
              o.status,
              o.shippingAddress && JSON.stringify(o.shippingAddress),
              JSON.stringify(o.billingAddress),
              o.subtotal,
              o.shipping,
              o.tax,
              o.total,
              o.amountPaid,
              o.amountRemaining,
              o.trackingNumber,
              o.estimatedDelivery,
              o.customerNotes,
              o.fitterNotes,
              o.squarespaceOrderId,
              event.version,
              event.metadata.occurredAt,
            ),
            ...o.items.map((item, index) => insertItem(o.orderNumber, item, index)),
          ];
        }
        case 'CustomerDetailsChanged':
          return [
            sql(
              'update rm.orders set customer_name = $2, customer_email = $3, customer_phone = $4 where order_number = $1',
              orderNumber,
              event.data.customerName,
              event.data.customerEmail,
              event.data.customerPhone,
            ),
          ];
        case 'ShippingAddressChanged':
          return [setColumn(orderNumber, 'shipping_address', JSON.stringify(event.data.shippingAddress))];
        case 'BillingAddressChanged':
          return [setColumn(orderNumber, 'billing_address', JSON.stringify(event.data.billingAddress))];
        case 'OrderStatusChanged':
          return [setColumn(orderNumber, 'status', event.data.status)];
        case 'TrackingNumberAssigned':
          return [setColumn(orderNumber, 'tracking_number', event.data.trackingNumber)];
        case 'OrderEstimatedDeliverySet':
          return [setColumn(orderNumber, 'estimated_delivery', event.data.estimatedDelivery)];
        case 'CustomerNotesChanged':
          return [setColumn(orderNumber, 'customer_notes', event.data.customerNotes)];
        case 'FitterNotesChanged':
          return [setColumn(orderNumber, 'fitter_notes', event.data.fitterNotes)];
        case 'SpecDocumentAttached':
          return [
            sql(
              'update rm.order_items set document_url = $2 where order_number = $1',
              orderNumber,
              event.data.documentUrl,
            ),
          ];
        case 'ItemStatusChanged':
          return [setItemColumn(event.data.itemId, 'status', event.data.status)];
        case 'ItemEstimatedDeliverySet':
          return [setItemColumn(event.data.itemId, 'estimated_delivery', event.data.estimatedDelivery)];
        case 'ItemManufacturerChanged':
          return [setItemColumn(event.data.itemId, 'manufacturer', event.data.manufacturer)];
        case 'CustomerNotificationRequested':
        case 'EmailSent':
        case 'EmailDeliveryFailed':
        case 'CustomerImported':
        case 'EmailRetryRequested':
          return [];
      }
    })();
    // Every event of the stream moves the order's version, notifications included: clients send it back in If-Match.
    return [...changes, refreshOrder(event, orderNumber)];
  },
};
