import { itemStatuses, manufacturers } from '@ot/contracts/orders/item-status.ts';
import type { Address } from '@ot/contracts/orders/order-fields.ts';
import { z } from 'zod';

/** The order fields both the place-order and the edit-order forms hold, under the same names. */
export const formText = z.string();

export const addressFormSchema = z.object({
  name: formText,
  address1: formText,
  address2: formText,
  city: formText,
  state: formText,
  zipCode: formText,
  country: formText,
});
export type AddressForm = z.infer<typeof addressFormSchema>;

export const itemStatusFieldsSchema = z.object({
  status: z.enum(itemStatuses),
  estimatedDelivery: formText,
  manufacturer: z.enum(manufacturers).or(z.literal('')),
});

export interface OrderFormFields {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  shippingAddress: AddressForm;
  billingAddress: AddressForm;
  trackingNumber: string;
  estimatedDelivery: string;
  documentUrl: string;
  items: z.infer<typeof itemStatusFieldsSchema>[];
}

export const addressForm = (address: Partial<Address> | null | undefined, country = ''): AddressForm => ({
  name: address?.name ?? '',
  address1: address?.address1 ?? '',
  address2: address?.address2 ?? '',
  city: address?.city ?? '',
  state: address?.state ?? '',
  zipCode: address?.zipCode ?? '',
  country: address?.country || country,
});
