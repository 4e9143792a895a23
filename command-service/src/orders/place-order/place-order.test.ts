import { Conflict } from '@ot/contracts/errors/domain-errors.ts';
import { type PlaceOrderRequest, placeOrderSchema } from '@ot/contracts/orders/order-commands.ts';
import { janesAddress, samplePlaceOrderPayload } from '@ot/contracts/testing/sample-order.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given, orderPlaced } from '../testing/given-when-then.ts';
import { decidePlaceOrder, type PlaceOrder } from './place-order.ts';

/** The add-order form's payload, parsed as the route parses it. */
const request = (overrides: Record<string, unknown> = {}): PlaceOrderRequest =>
  placeOrderSchema.parse(
    samplePlaceOrderPayload({
      subtotal: 49_900,
      shipping: 0,
      total: 49_900,
      amountPaid: 0,
      amountRemaining: 49_900,
      notes: 'Left-handed',
      items: [{ documentUrl: 'https://docs.example.com/spec.pdf' }],
      ...overrides,
    }),
  );

const place = (overrides: Record<string, unknown> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  orderId: 'order-1',
  orderNumber: 'EP-0001',
  itemIds: ['item-1', 'item-2'],
  request: request(overrides),
});

test('a new order is placed with its items, the same billing address and the spec defaults', () => {
  given()
    .when(decidePlaceOrder, place())
    .thenAppends([
      {
        type: 'OrderPlaced',
        data: {
          orderId: 'order-1',
          orderNumber: 'EP-0001',
          customerEmail: 'jane@example.com',
          customerName: 'Jane Golfer',
          customerPhone: null,
          orderDate: '2026-11-01',
          status: 'order_being_processed',
          shippingAddress: janesAddress,
          billingAddress: janesAddress,
          subtotal: 49_900,
          shipping: 0,
          tax: 0,
          total: 49_900,
          amountPaid: 0,
          amountRemaining: 49_900,
          trackingNumber: null,
          estimatedDelivery: null,
          customerNotes: 'Left-handed',
          fitterNotes: null,
          squarespaceOrderId: null,
          items: [
            {
              id: 'item-1',
              name: 'Driver',
              sku: 'EP-0001-01',
              price: 49_900,
              quantity: 1,
              imageUrl: null,
              documentUrl: 'https://docs.example.com/spec.pdf',
              manufacturer: 'Titleist',
              estimatedDelivery: null,
              status: 'order_being_processed',
            },
          ],
        },
      },
    ]);
});

test("the server computes the total and what remains to pay; the client's own are ignored", () => {
  const [placed] = decidePlaceOrder(
    place({ subtotal: 40_000, shipping: 1_500, tax: 500, total: 1, amountPaid: 50_000, amountRemaining: 99 }),
    null,
  );
  assert.is(placed?.type, 'OrderPlaced');
  const data = placed?.type === 'OrderPlaced' ? placed.data : null;
  assert.equal([data?.total, data?.amountPaid, data?.amountRemaining], [42_000, 50_000, 0]);
  const [partly] = decidePlaceOrder(
    place({ subtotal: 40_000, shipping: 0, tax: 0, total: 7, amountPaid: 10_000 }),
    null,
  );
  assert.equal(
    partly?.type === 'OrderPlaced' ? [partly.data.total, partly.data.amountRemaining] : null,
    [40_000, 30_000],
  );
});

test('an order number already taken is a conflict', () => {
  given(orderPlaced()).when(decidePlaceOrder, place()).thenFails(Conflict, 'Order EP-0001 already exists');
});

test('a separate billing address is kept when sameBillingAddress is false', () => {
  const billingAddress = {
    name: 'Golf Club Ltd',
    address1: '2 Green Road',
    address2: '',
    city: 'Troon',
    state: 'Ayrshire',
    zipCode: 'KA10 6AA',
    country: 'United Kingdom',
  };
  const [event] = decidePlaceOrder(place({ sameBillingAddress: false, billingAddress }), null);
  assert.equal(event?.type === 'OrderPlaced' && event.data.billingAddress, { ...billingAddress, address2: null });
});

test('without sameBillingAddress a billing address that was sent is kept; none sent copies shipping', () => {
  const billingAddress = { name: 'Golf Club Ltd', address1: '2 Green Road', city: 'Troon', zipCode: 'KA10 6AA' };
  const withBilling = place({ sameBillingAddress: undefined, billingAddress });
  const [kept] = decidePlaceOrder(withBilling, null);
  assert.is(kept?.type === 'OrderPlaced' && kept.data.billingAddress.name, 'Golf Club Ltd');
  const [copied] = decidePlaceOrder(place({ sameBillingAddress: undefined, billingAddress: null }), null);
  assert.equal(
    copied?.type === 'OrderPlaced' && copied.data.billingAddress,
    copied?.type === 'OrderPlaced' && copied.data.shippingAddress,
  );
});

test('a missing sku gets a placeholder and the order-level document reaches every item', () => {
  const items = [
    { name: 'Driver', price: 1, quantity: 1, documentUrl: 'https://docs.example.com/spec.pdf' },
    { name: 'Irons', sku: '', price: 1, quantity: 2 },
  ];
  const [event] = decidePlaceOrder(place({ items }), null);
  if (event?.type !== 'OrderPlaced') throw new Error('expected OrderPlaced');
  assert.equal(
    event.data.items.map((item) => [item.id, item.sku, item.documentUrl, item.status]),
    [
      ['item-1', 'EP-0001-01', 'https://docs.example.com/spec.pdf', 'order_being_processed'],
      ['item-2', 'EP-0001-02', 'https://docs.example.com/spec.pdf', 'order_being_processed'],
    ],
  );
});

test('no shipping address at all still gives a billing address with the customer name', () => {
  const [event] = decidePlaceOrder(place({ shippingAddress: null }), null);
  if (event?.type !== 'OrderPlaced') throw new Error('expected OrderPlaced');
  assert.is(event.data.shippingAddress, null);
  assert.is(event.data.billingAddress.name, 'Jane Golfer');
});

test.run();
