import type { Manufacturer } from '@ot/contracts/orders/item-status.ts';
import type { PlaceOrderRequest } from '@ot/contracts/orders/order-commands.ts';
import { z } from 'zod';
import { poundsToPence, todayDateInput } from '../../../../lib/format.ts';
import {
  addressForm,
  addressFormSchema,
  itemStatusFieldsSchema,
  formText as text,
} from '../order-form/order-form-fields.ts';

/** Add order: the form holds what is typed (pounds as text); the payload is pence. */
const item = itemStatusFieldsSchema.extend({
  name: z.string().min(1, 'Item name is required'),
  sku: text,
  price: z.string().min(1, 'Price is required'),
  quantity: z.string().min(1, 'Quantity is required'),
});

const BILLING_REQUIRED = 'Billing address is required when not using the same shipping address';

export const placeOrderFormSchema = z
  .object({
    orderDate: z.string().min(1, 'Order date is required'),
    squarespaceOrderId: text,
    customerName: z.string().trim().min(1, 'Customer name is required'),
    customerEmail: z.email({ error: 'Invalid email address' }),
    customerPhone: text,
    shippingAddress: addressFormSchema,
    sameBillingAddress: z.boolean(),
    billingAddress: addressFormSchema,
    subtotal: z.string().min(1, 'Subtotal is required'),
    shipping: z.string().min(1, 'Shipping cost is required'),
    amountPaid: z.string().min(1, 'Amount paid is required'),
    trackingNumber: text,
    estimatedDelivery: text,
    customerNotes: text,
    documentUrl: text,
    items: z.array(item).min(1, 'At least one item is required'),
  })
  .superRefine((form, ctx) => {
    if (form.subtotal === '' || form.shipping === '') {
      ctx.addIssue({ code: 'custom', path: ['total'], message: 'Total is required' });
    }
    if (form.subtotal === '' || form.shipping === '' || form.amountPaid === '') {
      ctx.addIssue({ code: 'custom', path: ['amountRemaining'], message: 'Amount remaining is required' });
    }
    if (form.sameBillingAddress) return;
    const billing = form.billingAddress;
    const required = [billing.name, billing.address1, billing.city, billing.state, billing.zipCode, billing.country];
    if (required.some((value) => !value.trim())) {
      ctx.addIssue({ code: 'custom', path: ['billingAddress', 'name'], message: BILLING_REQUIRED });
    }
  });

export type PlaceOrderForm = z.infer<typeof placeOrderFormSchema>;
export type PlaceOrderItemForm = PlaceOrderForm['items'][number];

export const DEFAULT_COUNTRY = 'United Kingdom';

const emptyAddress = () => addressForm(null, DEFAULT_COUNTRY);

export const emptyItem = (): PlaceOrderItemForm => ({
  name: '',
  sku: '',
  price: '',
  quantity: '1',
  manufacturer: '',
  status: 'order_being_processed',
  estimatedDelivery: '',
});

/** A new order's defaults: today, United Kingdom, shipping 0, paid 0, quantity 1, billing same as shipping. */
export const placeOrderDefaults = (): PlaceOrderForm => ({
  orderDate: todayDateInput(),
  squarespaceOrderId: '',
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  shippingAddress: emptyAddress(),
  sameBillingAddress: true,
  billingAddress: emptyAddress(),
  subtotal: '',
  shipping: '0',
  amountPaid: '0',
  trackingNumber: '',
  estimatedDelivery: '',
  customerNotes: '',
  documentUrl: '',
  items: [emptyItem()],
});

/** total = subtotal + shipping + tax (tax is 0 on new orders), to two decimals. */
export const computeTotal = (subtotal: string, shipping: string): string =>
  subtotal === '' || shipping === '' ? '' : (Number(subtotal) + Number(shipping)).toFixed(2);

/** amountRemaining = max(0, total - amountPaid). */
export const computeRemaining = (total: string, amountPaid: string): string =>
  total === '' || amountPaid === '' ? '' : Math.max(0, Number(total) - Number(amountPaid)).toFixed(2);

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** A missing SKU gets a generated placeholder (type, a time stamp and the line number). */
const placeholderSku = (name: string, index: number) =>
  `${name.toUpperCase().replace(/[^A-Z0-9]+/g, '-')}-${Date.now().toString(36).toUpperCase()}-${index + 1}`;

export function toPlaceOrderPayload(form: PlaceOrderForm): PlaceOrderRequest {
  const total = computeTotal(form.subtotal, form.shipping);
  const documentUrl = orNull(form.documentUrl);
  return {
    customerEmail: form.customerEmail.trim(),
    customerName: form.customerName.trim(),
    customerPhone: orNull(form.customerPhone),
    orderDate: form.orderDate,
    status: 'order_being_processed',
    shippingAddress: form.shippingAddress,
    billingAddress: form.sameBillingAddress ? form.shippingAddress : form.billingAddress,
    sameBillingAddress: form.sameBillingAddress,
    subtotal: poundsToPence(form.subtotal),
    shipping: poundsToPence(form.shipping),
    tax: 0,
    total: poundsToPence(total),
    amountPaid: poundsToPence(form.amountPaid),
    amountRemaining: poundsToPence(computeRemaining(total, form.amountPaid)),
    trackingNumber: orNull(form.trackingNumber),
    estimatedDelivery: orNull(form.estimatedDelivery),
    notes: orNull(form.customerNotes),
    squarespaceOrderId: orNull(form.squarespaceOrderId),
    items: form.items.map((item, index) => ({
      name: item.name,
      sku: orNull(item.sku) ?? placeholderSku(item.name, index),
      price: poundsToPence(item.price),
      quantity: Number(item.quantity),
      manufacturer: item.manufacturer === '' ? null : (item.manufacturer as Manufacturer),
      status: item.status,
      estimatedDelivery: orNull(item.estimatedDelivery),
      documentUrl,
    })),
  };
}
