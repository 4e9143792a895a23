import type { OrderEvent, OrderEventData, OrderItem } from '@ot/contracts/orders/order-events.ts';
import { evolve, initialOrderState } from '@ot/contracts/orders/order-state.ts';
import { givenWhenThen } from '@ot/infra/testing/given-when-then.ts';

/** Order decider tests: given these order events, when this command, then these events (or this refusal). */
export const { given } = givenWhenThen({ initialState: initialOrderState, evolve });

export const DRIVER_ID = 'item-driver';
export const IRONS_ID = 'item-irons';

export const item = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  id: DRIVER_ID,
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

export const janesAddress = {
  name: 'Jane Golfer',
  address1: '1 Fairway Lane',
  address2: null,
  city: 'St Andrews',
  state: 'Fife',
  zipCode: 'KY16 9AA',
  country: 'United Kingdom',
};

/** A placed order with a driver and a set of irons; override what the test is about. */
export const orderPlaced = (overrides: Partial<OrderEventData['OrderPlaced']> = {}): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId: 'order-1',
    orderNumber: 'EP-0001',
    customerEmail: 'jane@example.com',
    customerName: 'Jane Golfer',
    customerPhone: '07700 900123',
    orderDate: '2026-11-01',
    status: 'order_being_processed',
    shippingAddress: janesAddress,
    billingAddress: janesAddress,
    subtotal: 89_900,
    shipping: 1_500,
    tax: 0,
    total: 91_400,
    amountPaid: 20_000,
    amountRemaining: 71_400,
    trackingNumber: null,
    estimatedDelivery: null,
    customerNotes: null,
    fitterNotes: null,
    squarespaceOrderId: null,
    items: [item(), item({ id: IRONS_ID, name: 'Irons', sku: 'EP-0001-02', price: 40_000, manufacturer: 'Mizuno' })],
    ...overrides,
  },
});
