import { itemStatuses, manufacturers } from '@ot/contracts/orders/item-status.ts';
import { type Address, addressSchema } from '@ot/contracts/orders/order-fields.ts';
import { z } from 'zod';

/** The order fields both the place-order and the edit-order forms hold, under the same names. */
export const formText = z.string();

/** The seven address fields, each a text box. */
const addressKeys = addressSchema.keyof().options;
export const addressFormSchema = z.object(
  Object.fromEntries(addressKeys.map((key) => [key, formText])) as Record<keyof Address, typeof formText>,
);
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
  customerNotes: string;
  /** The edit form's only: notes the customer never sees. */
  fitterNotes?: string;
  documentUrl: string;
  items: z.infer<typeof itemStatusFieldsSchema>[];
}

/** An address as the form holds it: '' for what is missing, `country` when it has none. */
export const addressForm = (address: Partial<Address> | null | undefined, country = ''): AddressForm => ({
  ...(Object.fromEntries(addressKeys.map((key) => [key, address?.[key] ?? ''])) as AddressForm),
  country: address?.country || country,
});
