import type { OrderEventData, OrderItem } from '../orders/order-events.ts';

/**
 * The one sample order every test, fixture and benchmark builds on: Jane's driver and irons, as the
 * add-order payload the form sends and as the `OrderPlaced` it becomes. Override what a test is about.
 */
export const janesAddress = {
  name: 'Jane Golfer',
  address1: '1 Fairway Lane',
  address2: null,
  city: 'St Andrews',
  state: 'Fife',
  zipCode: 'KY16 9AA',
  country: 'United Kingdom',
};

/** £899 of clubs, £15 shipping, £200 paid. */
export const sampleAmounts = {
  subtotal: 89_900,
  shipping: 1_500,
  tax: 0,
  total: 91_400,
  amountPaid: 20_000,
  amountRemaining: 71_400,
};

export const sampleItem = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  id: 'item-driver',
  name: 'Driver',
  sku: 'EP-0001-01',
  price: 49_900,
  quantity: 1,
  imageUrl: null,
  documentUrl: null,
  manufacturer: 'Titleist',
  estimatedDelivery: null,
  status: 'order_being_processed',
  ...overrides,
});

export const sampleOrderPlaced = (
  overrides: Partial<OrderEventData['OrderPlaced']> = {},
): OrderEventData['OrderPlaced'] => ({
  orderId: 'order-1',
  orderNumber: 'EP-0001',
  customerEmail: 'jane@example.com',
  customerName: 'Jane Golfer',
  customerPhone: '07700 900123',
  orderDate: '2026-11-01',
  status: 'order_being_processed',
  shippingAddress: janesAddress,
  billingAddress: janesAddress,
  ...sampleAmounts,
  trackingNumber: null,
  estimatedDelivery: null,
  customerNotes: null,
  fitterNotes: null,
  squarespaceOrderId: null,
  items: [
    sampleItem(),
    sampleItem({ id: 'item-irons', name: 'Irons', sku: 'EP-0001-02', price: 40_000, manufacturer: 'Mizuno' }),
  ],
  ...overrides,
});

/** One item of the add-order payload. */
export interface SampleItemInput {
  name?: string;
  sku?: string | null;
  price?: number;
  quantity?: number;
  manufacturer?: string | null;
  status?: string | null;
  estimatedDelivery?: string | null;
  documentUrl?: string | null;
}

/** The add-order payload (POST /api/admin/orders); `items` are filled from the driver's defaults. */
export function samplePlaceOrderPayload(overrides: Record<string, unknown> & { items?: SampleItemInput[] } = {}) {
  const items = overrides.items ?? [{ name: 'Driver' }, { name: 'Irons', price: 40_000, manufacturer: 'Mizuno' }];
  return {
    customerEmail: 'jane@example.com',
    customerName: 'Jane Golfer',
    orderDate: '2026-11-01',
    status: 'order_being_processed',
    shippingAddress: { ...janesAddress, address2: '' },
    sameBillingAddress: true,
    ...sampleAmounts,
    trackingNumber: null,
    estimatedDelivery: null,
    notes: null,
    squarespaceOrderId: null,
    ...overrides,
    items: items.map((item) => ({
      name: 'Driver',
      sku: null,
      price: 49_900,
      quantity: 1,
      manufacturer: 'Titleist',
      status: null,
      estimatedDelivery: null,
      documentUrl: null,
      ...item,
    })),
  };
}
