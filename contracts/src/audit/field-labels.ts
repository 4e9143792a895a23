import type { OrderItem } from '../orders/order-events.ts';
import type { Address } from '../orders/order-fields.ts';
import type { Order } from '../orders/order-state.ts';

/** The paths `flattenOrder` names, by their last part, plus the view's derived fields the audit screens show. */
type FieldName =
  | Exclude<keyof Order, 'items'>
  | Exclude<keyof OrderItem, 'id'>
  | keyof Address
  | 'eta'
  | 'allEtasAdded';

/** Each order field in the studio's words: a field added to the order without its label fails to compile. */
const fieldLabels = {
  orderId: 'Order ID',
  orderNumber: 'Order Number',
  customerEmail: 'Customer Email',
  customerName: 'Customer Name',
  customerPhone: 'Customer Phone',
  orderDate: 'Order Date',
  status: 'Status',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  tax: 'Tax',
  total: 'Total',
  amountPaid: 'Amount Paid',
  amountRemaining: 'Amount Remaining',
  trackingNumber: 'Tracking Number',
  estimatedDelivery: 'Estimated Delivery',
  eta: 'Estimated Delivery (For Whole Order)',
  allEtasAdded: 'ALL ETAs ADDED',
  customerNotes: 'Customer Notes',
  fitterNotes: 'Fitter Notes',
  squarespaceOrderId: 'Squarespace Order ID',
  shippingAddress: 'Shipping Address',
  billingAddress: 'Billing Address',
  name: 'Name',
  sku: 'SKU',
  price: 'Price',
  quantity: 'Quantity',
  imageUrl: 'Image URL',
  documentUrl: 'Document URL',
  manufacturer: 'Manufacturer',
  statusHistory: 'Status History (when each status began)',
  address1: 'Address Line 1',
  address2: 'Address Line 2',
  city: 'City',
  state: 'State/County',
  zipCode: 'Postcode',
  country: 'Country',
} satisfies Record<FieldName, string>;

const label = (key: string): string => (Object.hasOwn(fieldLabels, key) ? fieldLabels[key as FieldName] : key);

/** A change's field path (`items[<id>].status`) in the studio's words (`Driver: Status`), given the item names. */
export function fieldLabel(field: string, itemNames: ReadonlyMap<string, string>): string {
  const item = /^items\[(.+?)\]\.(.+)$/.exec(field);
  if (item) return `${itemNames.get(item[1] as string) ?? 'Item'}: ${label(item[2] as string)}`;
  if (/^emails\[.+\]\.status$/.test(field)) return 'Email delivery';
  if (/^pushes\[.+\]\.status$/.test(field)) return 'Push delivery';
  if (/^pushes\[.+\]\.error$/.test(field)) return 'Push failure';
  const [head, ...rest] = field.split('.');
  return [label(head as string), ...rest.map(label)].join(': ');
}
