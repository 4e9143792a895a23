import { orderStatuses } from '@ot/contracts/orders/item-status.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { z } from 'zod';
import { toDateInput } from '../../../../lib/format.ts';
import type { OrderEdit } from '../../api/submit-order-edit.ts';
import {
  addressForm,
  addressFormSchema,
  itemStatusFieldsSchema,
  formText as text,
} from '../order-form/order-form-fields.ts';

/** Spec section 5, edit order: name and a valid email are required, everything else is optional. */
export const editOrderFormSchema = z.object({
  customerName: z.string().trim().min(1, 'Customer name is required'),
  customerEmail: z.email({ error: 'Valid email is required' }),
  customerPhone: text,
  shippingAddress: addressFormSchema,
  billingAddress: addressFormSchema,
  status: z.enum(orderStatuses),
  trackingNumber: text,
  estimatedDelivery: text,
  customerNotes: text,
  fitterNotes: text,
  documentUrl: text,
  notifyCustomer: z.boolean(),
  items: z.array(itemStatusFieldsSchema.extend({ id: text })),
});
export type EditOrderForm = z.infer<typeof editOrderFormSchema>;

export function editOrderDefaults(order: OrderView): EditOrderForm {
  return {
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone ?? '',
    shippingAddress: addressForm(order.shippingAddress),
    billingAddress: addressForm(order.billingAddress),
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
  const { items, notifyCustomer, documentUrl, ...details } = form;
  return {
    orderNumber: order.orderNumber,
    version: order.version,
    details,
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
