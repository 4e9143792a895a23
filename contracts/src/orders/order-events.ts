import { z } from 'zod';
import { emailEventSchemas } from '../email/email-events.ts';
import { type EventDataOf, type EventOf, eventParser, type RecordedEventOf } from '../events/event-family.ts';
import { addressSchema, itemStatus, manufacturer, orderStatus, pence, recordedDate } from './order-fields.ts';

export const orderItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  price: pence,
  quantity: z.number().int().min(1),
  imageUrl: z.string().nullable(),
  documentUrl: z.string().nullable(),
  manufacturer: manufacturer.nullable(),
  estimatedDelivery: recordedDate.nullable(),
  status: itemStatus,
  /** Imported history: when the item entered each status before it came here (business times, oldest first). */
  statusHistory: z.array(z.object({ status: itemStatus, at: recordedDate })).optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderEventSchemas = {
  OrderPlaced: z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    customerEmail: z.string(),
    customerName: z.string(),
    customerPhone: z.string().nullable(),
    orderDate: recordedDate,
    status: orderStatus,
    shippingAddress: addressSchema.nullable(),
    billingAddress: addressSchema,
    subtotal: pence,
    shipping: pence,
    tax: pence,
    total: pence,
    amountPaid: pence,
    amountRemaining: pence,
    trackingNumber: z.string().nullable(),
    estimatedDelivery: recordedDate.nullable(),
    customerNotes: z.string().nullable(),
    fitterNotes: z.string().nullable(),
    squarespaceOrderId: z.string().nullable(),
    items: z.array(orderItemSchema),
  }),
  CustomerDetailsChanged: z.object({
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string().nullable(),
  }),
  ShippingAddressChanged: z.object({ shippingAddress: addressSchema.nullable() }),
  BillingAddressChanged: z.object({ billingAddress: addressSchema }),
  OrderStatusChanged: z.object({ status: orderStatus, previousStatus: orderStatus }),
  TrackingNumberAssigned: z.object({ trackingNumber: z.string().nullable() }),
  OrderEstimatedDeliverySet: z.object({ estimatedDelivery: recordedDate.nullable() }),
  CustomerNotesChanged: z.object({ customerNotes: z.string().nullable() }),
  FitterNotesChanged: z.object({ fitterNotes: z.string().nullable() }),
  SpecDocumentAttached: z.object({ documentUrl: z.string().nullable() }),
  ItemStatusChanged: z.object({ itemId: z.string(), status: itemStatus, previousStatus: itemStatus }),
  ItemEstimatedDeliverySet: z.object({ itemId: z.string(), estimatedDelivery: recordedDate.nullable() }),
  ItemManufacturerChanged: z.object({ itemId: z.string(), manufacturer: manufacturer.nullable() }),
  // The outbox: a request to email the customer, committed in the same append as the change it is about.
  CustomerNotificationRequested: emailEventSchemas.CustomerNotificationRequested,
} as const;

export type OrderEventData = EventDataOf<typeof orderEventSchemas>;
/** An event of an order's stream, as deciders produce it. */
export type OrderEvent = EventOf<typeof orderEventSchemas>;
export type RecordedOrderEvent = RecordedEventOf<typeof orderEventSchemas>;

export const parseOrderEvent = eventParser(orderEventSchemas);

export const orderStreamPrefix = 'order-';
export const orderStream = (orderNumber: string): string => `${orderStreamPrefix}${orderNumber}`;

/** The events that carry exactly the order fields they change, under the order's own names, and nothing else. */
export const orderFieldEvents = [
  'CustomerDetailsChanged',
  'ShippingAddressChanged',
  'BillingAddressChanged',
  'TrackingNumberAssigned',
  'OrderEstimatedDeliverySet',
  'CustomerNotesChanged',
  'FitterNotesChanged',
] as const;
export type OrderFieldEvent = (typeof orderFieldEvents)[number];

export const isOrderFieldEvent = <E extends { type: string }>(
  event: E,
): event is Extract<E, { type: OrderFieldEvent }> => (orderFieldEvents as readonly string[]).includes(event.type);

/** The events an order's stream records that change none of its fields: its history shows them, the fold skips them. */
export const historyOnlyEvents = ['CustomerNotificationRequested'] as const;
export type HistoryOnlyEvent = (typeof historyOnlyEvents)[number];

export const isHistoryOnlyEvent = <E extends { type: string }>(
  event: E,
): event is Extract<E, { type: HistoryOnlyEvent }> => (historyOnlyEvents as readonly string[]).includes(event.type);
