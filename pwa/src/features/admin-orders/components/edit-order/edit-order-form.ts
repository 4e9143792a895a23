import { orderStatuses } from '@ot/contracts/orders/item-status.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { z } from 'zod';
import { toDateInput } from '../../../../lib/format.ts';
import {
  addressForm,
  addressFormSchema,
  itemStatusFieldsSchema,
  formText as text,
} from '../order-form/order-form-fields.ts';

/** Edit order: name and a valid email are required, everything else is optional. */
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
