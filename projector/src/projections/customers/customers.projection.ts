import { customerStreamPrefix } from '@ot/contracts/customers/customer-events.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import type { Change, Projection } from '../../runtime/projection.ts';

const emailKey = (email: string) => email.toLowerCase();

const changesCustomer = (type: string) =>
  type === 'OrderPlaced' ||
  type === 'CustomerDetailsChanged' ||
  type === 'ShippingAddressChanged' ||
  type === 'BillingAddressChanged';

/** The add-order customer search: the latest details seen for each customer email. */
export const customersProjection: Projection = {
  name: 'customers',
  tables: [{ name: 'customers', key: 'email_lower' }],
  needs(event) {
    if (event.stream.startsWith(customerStreamPrefix) && event.type === 'CustomerImported') {
      return [{ table: 'customers', key: emailKey(event.data.email) }];
    }
    if (!event.stream.startsWith(orderStreamPrefix) || !changesCustomer(event.type)) return [];
    // The order row (its email and addresses after this event); the orders projection asked for it already.
    return [{ table: 'orders', key: event.stream.slice(orderStreamPrefix.length) }];
  },
  project(event, view): Change[] {
    const at = event.metadata.occurredAt;
    if (event.stream.startsWith(customerStreamPrefix) && event.type === 'CustomerImported') {
      // An imported customer never overwrites what an order told us; it only fills a missing phone.
      const { email, customerName, phone } = event.data;
      // An erased customer's email reads as '' (personal-fields.ts): nobody to list.
      if (email === '') return [];
      const key = emailKey(email);
      const existing = view.get('customers', key);
      const row = existing
        ? { ...existing, customer_phone: existing.customer_phone ?? phone }
        : {
            email_lower: key,
            customer_email: email,
            customer_name: customerName,
            customer_phone: phone,
            shipping_address: null,
            billing_address: null,
            updated_at: at,
          };
      return [{ table: 'customers', key, row }];
    }
    if (!event.stream.startsWith(orderStreamPrefix) || !changesCustomer(event.type)) return [];
    const order = view.get('orders', event.stream.slice(orderStreamPrefix.length));
    if (!order) return [];
    const email = order.customer_email as string;
    if (email === '') return [];
    const row = {
      email_lower: emailKey(email),
      customer_email: email,
      customer_name: order.customer_name,
      customer_phone: order.customer_phone,
      shipping_address: order.shipping_address,
      billing_address: order.billing_address,
      updated_at: at,
    };
    return [{ table: 'customers', key: row.email_lower, row }];
  },
};
