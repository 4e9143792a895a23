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

type AddressKey = keyof typeof addressSchema.shape;
type FlatAddress<P extends string> = { [K in AddressKey as `${P}${Capitalize<K>}`]: z.ZodNullable<z.ZodString> };

/** An address as the customers read model flattens it: `shippingName`, `shippingAddress1`, ... each nullable. */
const flatAddress = <P extends string>(prefix: P) =>
  Object.fromEntries(
    addressSchema
      .keyof()
      .options.map((key) => [`${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}`, z.string().nullable()]),
  ) as FlatAddress<P>;

export const customerSchema = z.object({
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  ...flatAddress('shipping'),
  ...flatAddress('billing'),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * For an order's items without an ETA: when they are usually ready for collection, by the studio's history
 * (the delay radar's lead times). Beside the order's other views: the order page parses it.
 */
export const usualReadySchema = z.object({
  /** The latest of the items': when the whole order is usually ready. */
  usuallyReadyBy: z.string().nullable(),
  items: z.array(z.object({ itemId: z.string(), usuallyReadyBy: z.string() })),
});
export type UsualReady = z.infer<typeof usualReadySchema>;

export const nextOrderNumberSchema = z.object({ nextOrderNumber: z.string() });
