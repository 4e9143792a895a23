import { z } from 'zod';
import { addressSchema, itemStatus, manufacturer, orderStatus } from './order-fields.ts';

export const orderItemViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  name: z.string(),
  sku: z.string(),
  price: z.number(),
  quantity: z.number(),
  imageUrl: z.string().nullable(),
  documentUrl: z.string().nullable(),
  manufacturer: manufacturer.nullable(),
  estimatedDelivery: z.string().nullable(),
  status: itemStatus,
});
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

/** One order as any signed-in reader sees it; `fitterNotes` is only present for admins. */
export const orderViewSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** The customer's user account (spec: orders.userId), null until they first sign in. */
  userId: z.string().nullable(),
  customerEmail: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  orderDate: z.string(),
  status: orderStatus,
  shippingAddress: addressSchema.nullable(),
  billingAddress: addressSchema.nullable(),
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  amountPaid: z.number(),
  amountRemaining: z.number(),
  trackingNumber: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  customerNotes: z.string().nullable(),
  fitterNotes: z.string().nullable().optional(),
  squarespaceOrderId: z.string().nullable(),
  items: z.array(orderItemViewSchema),
  itemCount: z.number(),
  adminStatus: itemStatus,
  complete: z.boolean(),
  overdue: z.boolean(),
  allEtasAdded: z.boolean(),
  eta: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const orderListSchema = z.array(orderViewSchema);

export const timelineEntrySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.string().nullable(),
  timestamp: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  eventType: z.string(),
  actor: z.string(),
  version: z.number(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const customerSchema = z.object({
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  shippingName: z.string().nullable(),
  shippingAddress1: z.string().nullable(),
  shippingAddress2: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingState: z.string().nullable(),
  shippingZipCode: z.string().nullable(),
  shippingCountry: z.string().nullable(),
  billingName: z.string().nullable(),
  billingAddress1: z.string().nullable(),
  billingAddress2: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingState: z.string().nullable(),
  billingZipCode: z.string().nullable(),
  billingCountry: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const nextOrderNumberSchema = z.object({ nextOrderNumber: z.string() });
