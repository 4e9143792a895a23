import { itemStatuses, manufacturers, orderStatuses } from '@ot/contracts/orders/item-status.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { z } from 'zod';
import { toDateInput } from '../../../../lib/format.ts';
import type { OrderEdit } from '../../api/submit-order-edit.ts';

const text = z.string();
/** Spec section 5, edit order: name and a valid email are required, everything else is optional. */
export const editOrderFormSchema = z.object({
  customerName: z.string().trim().min(1, 'Customer name is required'),
  customerEmail: z.email({ error: 'Valid email is required' }),
  customerPhone: text,
  shippingName: text,
  shippingAddress1: text,
  shippingAddress2: text,
  shippingCity: text,
  shippingState: text,
  shippingZipCode: text,
  shippingCountry: text,
  billingName: text,
  billingAddress1: text,
  billingAddress2: text,
  billingCity: text,
  billingState: text,
  billingZipCode: text,
  billingCountry: text,
  status: z.enum(orderStatuses),
  trackingNumber: text,
  estimatedDelivery: text,
  customerNotes: text,
  fitterNotes: text,
  documentUrl: text,
  notifyCustomer: z.boolean(),
  items: z.array(
    z.object({
      id: text,
      status: z.enum(itemStatuses),
      estimatedDelivery: text,
      manufacturer: z.enum(manufacturers).or(z.literal('')),
    }),
  ),
});
export type EditOrderForm = z.infer<typeof editOrderFormSchema>;

export function editOrderDefaults(order: OrderView): EditOrderForm {
  const shipping = order.shippingAddress;
  const billing = order.billingAddress;
  return {
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone ?? '',
    shippingName: shipping?.name ?? '',
    shippingAddress1: shipping?.address1 ?? '',
    shippingAddress2: shipping?.address2 ?? '',
    shippingCity: shipping?.city ?? '',
    shippingState: shipping?.state ?? '',
    shippingZipCode: shipping?.zipCode ?? '',
    shippingCountry: shipping?.country ?? '',
    billingName: billing?.name ?? '',
    billingAddress1: billing?.address1 ?? '',
    billingAddress2: billing?.address2 ?? '',
    billingCity: billing?.city ?? '',
    billingState: billing?.state ?? '',
    billingZipCode: billing?.zipCode ?? '',
    billingCountry: billing?.country ?? '',
    status: order.status,
    trackingNumber: order.trackingNumber ?? '',
    estimatedDelivery: toDateInput(order.estimatedDelivery),
    customerNotes: order.customerNotes ?? '',
    fitterNotes: order.fitterNotes ?? '',
    documentUrl: order.items.find((item) => item.documentUrl)?.documentUrl ?? '',
    notifyCustomer: true,
    items: order.items.map((item) => ({
      id: item.id,
      status: item.status,
      estimatedDelivery: toDateInput(item.estimatedDelivery),
      manufacturer: item.manufacturer ?? '',
    })),
  };
}

/**
 * The form as the edit submit sequence takes it. An item's changes are the fields that differ from
 * the saved item: its ETA and status (spec section 5), and its manufacturer, which the card also edits.
 */
export function toOrderEdit(order: OrderView, form: EditOrderForm, documentFile: File | null): OrderEdit {
  const { items, notifyCustomer, documentUrl, ...fields } = form;
  return {
    orderNumber: order.orderNumber,
    version: order.version,
    order: fields,
    documentFile,
    documentUrl,
    notifyCustomer,
    items: items.map((item) => {
      const saved = order.items.find((candidate) => candidate.id === item.id);
      const manufacturer = item.manufacturer === '' ? null : item.manufacturer;
      const changes: OrderEdit['items'][number]['changes'] = {};
      if (saved?.status !== item.status) changes.status = item.status;
      if (toDateInput(saved?.estimatedDelivery) !== item.estimatedDelivery)
        changes.estimatedDelivery = item.estimatedDelivery || null;
      if ((saved?.manufacturer ?? null) !== manufacturer) changes.manufacturer = manufacturer;
      return { id: item.id, status: item.status, changes };
    }),
  };
}
