import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { composeOrderPush, fitPayload, MAX_PUSH_PAYLOAD_BYTES } from './compose-push.ts';

const studio = { name: 'Elite Performance Golf', publicUrl: 'https://track.example.test/' };
const item = (id: string, name: string) => ({
  id,
  name,
  sku: 's',
  price: 100,
  quantity: 1,
  imageUrl: null,
  documentUrl: null,
  manufacturer: null,
  estimatedDelivery: null,
  status: 'order_being_processed' as const,
});
const placed = (items = [item('i-1', 'Mizuno Irons'), item('i-2', 'Driver')]): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId: 'o-1',
    orderNumber: 'EP-0042',
    customerEmail: 'jane@example.com',
    customerName: 'Jane',
    customerPhone: null,
    orderDate: '2026-11-01',
    status: 'order_being_processed',
    shippingAddress: null,
    billingAddress: { name: 'J', address1: '1', address2: null, city: 'T', state: null, zipCode: 'A', country: 'UK' },
    subtotal: 100,
    shipping: 0,
    tax: 0,
    total: 100,
    amountPaid: 0,
    amountRemaining: 100,
    trackingNumber: null,
    estimatedDelivery: null,
    customerNotes: null,
    fitterNotes: 'internal: grip sizes',
    squarespaceOrderId: null,
    items,
  },
});
const status = (itemId: string, to: 'order_arrived_awaiting_qc' | 'order_collected_shipped'): OrderEvent => ({
  type: 'ItemStatusChanged',
  data: { itemId, status: to, previousStatus: 'order_being_processed' },
});
const notify: OrderEvent = {
  type: 'CustomerNotificationRequested',
  data: { notificationId: 'n', recipientEmail: 'jane@example.com', emailType: 'order_update' },
};

test('one item changed: the title names the order and the item, the body its new status, a tap opens the order', () => {
  const push = composeOrderPush([placed(), status('i-1', 'order_arrived_awaiting_qc'), notify], studio);
  assert.equal(push, {
    web_push: 8030,
    notification: {
      title: 'EP-0042: Mizuno Irons',
      body: 'Order Arrived at EP - Awaiting Quality Checks',
      navigate: 'https://track.example.test/orders/EP-0042',
      lang: 'en-GB',
    },
  });
});

test('the changes since the last notification are told, a line each; earlier ones are not again', () => {
  const events = [
    placed(),
    status('i-2', 'order_collected_shipped'),
    notify,
    status('i-1', 'order_arrived_awaiting_qc'),
  ];
  events.push({ type: 'ItemEstimatedDeliverySet', data: { itemId: 'i-2', estimatedDelivery: '2026-12-24' } }, notify);
  const push = composeOrderPush(events, studio);
  assert.is(push?.notification.title, 'EP-0042: 2 updates');
  assert.is(
    push?.notification.body,
    'Mizuno Irons - Order Arrived at EP - Awaiting Quality Checks\nDriver - Estimated delivery Dec 24, 2026',
  );
});

test('a notification without a change says where each item stands, and never the fitter notes', () => {
  const push = composeOrderPush([placed(), notify], studio);
  assert.is(push?.notification.title, 'EP-0042: Order update');
  assert.match(push?.notification.body ?? '', 'Mizuno Irons - ');
  assert.not.match(JSON.stringify(push), 'grip sizes');
});

test('a payload never passes 3 KB: long names are cut (marked …) at a character boundary', () => {
  const many = Array.from({ length: 80 }, (_, n) => item(`i-${n}`, `Club «${'é'.repeat(40)}» ${n} "quoted"`));
  const events: OrderEvent[] = [
    placed(many),
    ...many.map((club) => status(club.id, 'order_collected_shipped')),
    notify,
  ];
  const push = composeOrderPush(events, studio);
  const bytes = new TextEncoder().encode(JSON.stringify(push)).length;
  assert.ok(bytes <= MAX_PUSH_PAYLOAD_BYTES, `${bytes} bytes`);
  assert.ok(bytes > MAX_PUSH_PAYLOAD_BYTES - 64, `cut no more than needed: ${bytes} bytes`);
  assert.ok(push?.notification.body.endsWith('…'));
  assert.is(push?.notification.title, 'EP-0042: 80 updates');

  const huge = fitPayload({
    web_push: 8030,
    notification: {
      title: '🏌️'.repeat(2000),
      body: 'x'.repeat(5000),
      navigate: 'https://t.example/orders/1',
      lang: 'en-GB',
    },
  });
  assert.ok(new TextEncoder().encode(JSON.stringify(huge)).length <= MAX_PUSH_PAYLOAD_BYTES);
  assert.ok(huge.notification.title.length > 100, 'the title keeps what fits');
  assert.not.match(huge.notification.title, '\uFFFD');
});

test('no order, no push', () => {
  assert.is(composeOrderPush([notify], studio), null);
});

test.run();
