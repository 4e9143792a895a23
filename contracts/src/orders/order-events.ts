import { z } from 'zod';
import { customerEventSchemas } from '../customers/customer-events.ts';
import type { RecordedEvent } from '../events/event-envelope.ts';
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
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const emailNotification = z.object({
  notificationId: z.string(),
  recipientEmail: z.string(),
  emailType: z.string(),
});

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
  CustomerNotificationRequested: emailNotification.extend({
    subject: z.string().optional(),
    requestedBy: z.string().nullable().optional(),
    resendOf: z.string().nullable().optional(),
    /** Which order, and at which version its content is shown, when the request is not in the order's stream (a resend). */
    orderNumber: z.string().nullable().optional(),
    orderVersion: z.number().int().nullable().optional(),
  }),
  EmailSent: z.object({
    notificationId: z.string(),
    attempt: z.number().int(),
    providerMessageId: z.string().nullable().optional(),
    subject: z.string().optional(),
    /** An earlier attempt's outcome was lost in a crash: the customer may have this email twice. */
    possibleDuplicate: z.boolean().optional(),
  }),
  EmailDeliveryFailed: z.object({
    notificationId: z.string(),
    attempt: z.number().int(),
    error: z.string(),
    /** Null when the email will not be tried again (a rejection, or the last attempt). */
    nextAttemptAt: z.string().nullable(),
    subject: z.string().optional(),
  }),
  EmailRetryRequested: z.object({
    notificationId: z.string(),
    requestedBy: z.string().nullable(),
  }),
  // Events of other stream families ride the same registry so the projector follows them too.
  ...customerEventSchemas,
} as const;

export type OrderEventType = keyof typeof orderEventSchemas;
export const orderEventTypes = Object.keys(orderEventSchemas) as OrderEventType[];

export type OrderEventData = { [K in OrderEventType]: z.infer<(typeof orderEventSchemas)[K]> };

/** A domain event as deciders produce it: type and data, before the store gives it an envelope. */
export type OrderEvent = { [K in OrderEventType]: { type: K; data: OrderEventData[K] } }[OrderEventType];

export type RecordedOrderEvent = { [K in OrderEventType]: RecordedEvent<K, OrderEventData[K]> }[OrderEventType];

export function isOrderEventType(type: string): type is OrderEventType {
  return Object.hasOwn(orderEventSchemas, type);
}

/** Parse an event read from the store (upcasting older schema versions would happen here). */
export function parseOrderEvent(event: RecordedEvent): RecordedOrderEvent | null {
  if (!isOrderEventType(event.type)) return null;
  const data = orderEventSchemas[event.type].parse(event.data);
  return { ...event, type: event.type, data } as RecordedOrderEvent;
}

export const orderStream = (orderNumber: string): string => `order-${orderNumber}`;
export const orderStreamPrefix = 'order-';
