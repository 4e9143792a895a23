import { customerStreamPrefix } from '@ot/contracts/customers/customer-events.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import { type Projection, sql } from '../../runtime/projection.ts';

/** The add-order customer search: the latest details seen for each customer email. */
const upsertFromOrder = (orderNumber: string, at: string) =>
  sql(
    `insert into rm.customers (email_lower, customer_email, customer_name, customer_phone, shipping_address, billing_address, updated_at)
     select lower(customer_email), customer_email, customer_name, customer_phone, shipping_address, billing_address, $2
       from rm.orders where order_number = $1
     on conflict (email_lower) do update set
       customer_email = excluded.customer_email,
       customer_name = excluded.customer_name,
       customer_phone = excluded.customer_phone,
       shipping_address = excluded.shipping_address,
       billing_address = excluded.billing_address,
       updated_at = excluded.updated_at`,
    orderNumber,
    at,
  );

/** An imported customer never overwrites what an order told us; it only fills a missing phone. */
const insertImported = (email: string, name: string, phone: string | null, at: string) =>
  sql(
    `insert into rm.customers (email_lower, customer_email, customer_name, customer_phone, updated_at)
     values (lower($1), $1, $2, $3, $4)
     on conflict (email_lower) do update set
       customer_phone = coalesce(rm.customers.customer_phone, excluded.customer_phone)`,
    email,
    name,
    phone,
    at,
  );

export const customersProjection: Projection = {
  name: 'customers',
  tables: ['rm.customers'],
  project(event) {
    if (event.stream.startsWith(customerStreamPrefix) && event.type === 'CustomerImported') {
      const { email, customerName, phone } = event.data;
      return [insertImported(email, customerName, phone, event.metadata.occurredAt)];
    }
    if (!event.stream.startsWith(orderStreamPrefix)) return [];
    switch (event.type) {
      case 'OrderPlaced':
      case 'CustomerDetailsChanged':
      case 'ShippingAddressChanged':
      case 'BillingAddressChanged':
        return [upsertFromOrder(event.stream.slice(orderStreamPrefix.length), event.metadata.occurredAt)];
      default:
        return [];
    }
  },
};
