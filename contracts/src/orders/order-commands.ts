import { z } from 'zod';
import { isHttpsUrl, uploadedDocumentId } from '../documents/document-links.ts';
import { orderStatuses } from './item-status.ts';
import {
  addressSchema,
  isIsoDate,
  isoDate,
  itemStatus,
  manufacturer,
  optionalText,
  orderNumber,
  orderStatus,
} from './order-fields.ts';

/** A required amount of pence with its own message when it is missing. */
const requiredPence = (requiredMessage: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? requiredMessage
          : 'Amounts must be numbers of pence',
    })
    .int('Amounts must be whole pence')
    .min(0, 'Amounts cannot be negative')
    .max(1_000_000_000, 'Amount is too large');

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** A spec document: an https URL, or a document uploaded to this studio (`/api/documents/...`). */
export const documentUrl = z
  .string()
  .max(2000)
  .refine((value) => uploadedDocumentId(value) !== null || isHttpsUrl(value), {
    message: 'Document URL must be an https URL',
  });

/** One past step of an imported item: the status it entered and when (business time, not when it was imported). */
export const statusHistoryEntrySchema = z.object(
  {
    status: itemStatus,
    at: z.string({ error: 'statusHistory: each entry needs an "at" date-time' }).pipe(isoDate),
  },
  { error: 'statusHistory: each entry must be an object with "status" and "at"' },
);

const statusHistorySchema = z
  .array(statusHistoryEntrySchema, { error: 'statusHistory must be an array of { status, at }' })
  .min(1, 'statusHistory must not be empty')
  .max(50, 'statusHistory may have at most 50 entries')
  .refine(
    (history) => history.every((entry, i) => i === 0 || Date.parse(history[i - 1]?.at ?? '') <= Date.parse(entry.at)),
    {
      message: 'statusHistory must be in time order, oldest first',
    },
  );

export const placeOrderItemSchema = z
  .object({
    name: requiredText('Item name is required'),
    sku: z.string().max(100).nullish(),
    price: requiredPence('Price is required'),
    quantity: z
      .number({
        error: (issue) =>
          issue.input == null || issue.input === '' ? 'Quantity is required' : 'Quantity must be a whole number',
      })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(1000),
    manufacturer: manufacturer.nullish(),
    status: itemStatus.nullish(),
    estimatedDelivery: isoDate.nullish().or(z.literal('')),
    documentUrl: documentUrl.nullish().or(z.literal('')),
    imageUrl: z.string().max(2000).nullish(),
    statusHistory: statusHistorySchema.optional(),
  })
  .refine((item) => !item.statusHistory || !item.status || item.statusHistory.at(-1)?.status === item.status, {
    message: "statusHistory must end with the item's status",
    path: ['statusHistory'],
  });

const partialAddress = addressSchema.partial().extend({
  name: z.string().max(200).nullish(),
  address1: z.string().max(200).nullish(),
  city: z.string().max(100).nullish(),
  zipCode: z.string().max(20).nullish(),
  country: z.string().max(100).nullish(),
});

const billingRequired: (keyof z.infer<typeof partialAddress>)[] = [
  'name',
  'address1',
  'city',
  'state',
  'zipCode',
  'country',
];
const BILLING_REQUIRED = 'Billing address is required when not using the same shipping address';

/** place-order: POST /api/admin/orders (and each row of import-orders). */
export const placeOrderSchema = z
  .object({
    orderNumber: orderNumber.optional(),
    customerEmail: z.email({ error: 'Invalid email address' }).max(255),
    customerName: requiredText('Customer name is required'),
    customerPhone: optionalText(50),
    orderDate: z.string({ error: 'Order date is required' }).min(1, 'Order date is required').pipe(isoDate),
    status: orderStatus.optional(),
    shippingAddress: partialAddress.nullish(),
    billingAddress: partialAddress.nullish(),
    sameBillingAddress: z.boolean().optional(),
    subtotal: requiredPence('Subtotal is required'),
    shipping: requiredPence('Shipping cost is required'),
    tax: requiredPence('Tax is required').optional(),
    total: requiredPence('Total is required'),
    amountPaid: requiredPence('Amount paid is required'),
    amountRemaining: requiredPence('Amount remaining is required'),
    trackingNumber: optionalText(100),
    estimatedDelivery: isoDate.nullish().or(z.literal('')),
    notes: optionalText(5000),
    customerNotes: optionalText(5000),
    fitterNotes: optionalText(5000),
    squarespaceOrderId: optionalText(100),
    items: z
      .array(placeOrderItemSchema, { error: 'At least one item is required' })
      .min(1, 'At least one item is required'),
  })
  .superRefine((order, ctx) => {
    // sameBillingAddress defaults to true: only an explicit false asks for every billing field.
    if (order.sameBillingAddress ?? true) return;
    const billing = order.billingAddress ?? {};
    if (billingRequired.some((field) => !billing[field]?.trim())) {
      ctx.addIssue({ code: 'custom', path: ['billingAddress', 'name'], message: BILLING_REQUIRED });
    }
  });
export type PlaceOrderRequest = z.infer<typeof placeOrderSchema>;

/**
 * Text in the status update payload: optional, null or '' to clear; a wrong type gets the product's
 * generic 'Invalid input' rather than zod's longer default.
 */
const genericText = (max: number) =>
  z.string({ error: 'Invalid input' }).max(max, `Must be at most ${max} characters`).nullish();

/** The edit form's flat address fields, shippingName ... billingCountry. */
const flatAddressFields = {
  shippingName: genericText(200),
  shippingAddress1: genericText(200),
  shippingAddress2: genericText(200),
  shippingCity: genericText(100),
  shippingState: genericText(100),
  shippingZipCode: genericText(20),
  shippingCountry: genericText(100),
  billingName: genericText(200),
  billingAddress1: genericText(200),
  billingAddress2: genericText(200),
  billingCity: genericText(100),
  billingState: genericText(100),
  billingZipCode: genericText(20),
  billingCountry: genericText(100),
};

/**
 * The same address as one object (`shippingAddress: {name, address1, ...}`), as orders carry it: a key
 * left out is left unchanged, as with the flat fields; a flat field sent as well wins.
 */
const nestedAddress = z
  .object(
    {
      name: genericText(200),
      address1: genericText(200),
      address2: genericText(200),
      city: genericText(100),
      state: genericText(100),
      zipCode: genericText(20),
      country: genericText(100),
    },
    { error: 'Invalid input' },
  )
  .nullish();

const genericDate = z
  .string({ error: 'Invalid input' })
  .refine((value) => value === '' || isIsoDate(value), { message: 'Invalid date' })
  .nullish();

/**
 * update-order-details: PATCH /api/admin/orders/{orderNumber}/status. The generic messages: Required, Invalid email,
 * Invalid input. A field left out is left unchanged; '' or null clears it; `notes` is the PWA's name
 * for customerNotes. Addresses come as the edit form's flat fields or as `shippingAddress`/`billingAddress`.
 */
export const updateOrderDetailsSchema = z.object({
  status: z.enum(orderStatuses, {
    error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid input'),
  }),
  trackingNumber: genericText(100),
  estimatedDelivery: genericDate,
  customerNotes: genericText(5000),
  notes: genericText(5000),
  fitterNotes: genericText(5000),
  customerName: z.string({ error: 'Invalid input' }).trim().min(1, 'Customer name is required').max(200).optional(),
  customerEmail: z.email({ error: 'Invalid email' }).max(255).optional(),
  customerPhone: genericText(50),
  documentUrl: z
    .string({ error: 'Invalid input' })
    .max(2000)
    .refine((value) => value === '' || documentUrl.safeParse(value).success, {
      message: 'Document URL must be an https URL',
    })
    .nullish(),
  notifyCustomer: z.boolean({ error: 'Invalid input' }).optional(),
  ...flatAddressFields,
  shippingAddress: nestedAddress,
  billingAddress: nestedAddress,
});
export type UpdateOrderDetailsRequest = z.infer<typeof updateOrderDetailsSchema>;

/** update-order-item: PATCH /api/admin/orders/{orderNumber}/items/{itemId}: a field left out is left unchanged. */
export const updateOrderItemSchema = z.object({
  status: itemStatus.optional(),
  estimatedDelivery: z
    .string({ error: 'Invalid date' })
    .refine((value) => value === '' || isIsoDate(value), { message: 'Invalid date' })
    .nullish(),
  // '' (a select left empty) clears it, like null; anything else must be one of the eight.
  manufacturer: z.preprocess((value) => (value === '' ? null : value), manufacturer.nullish()),
});
export type UpdateOrderItemRequest = z.infer<typeof updateOrderItemSchema>;
