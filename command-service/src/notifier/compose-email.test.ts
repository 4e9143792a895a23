import { formatDay } from '@ot/contracts/insights/studio-dates.ts';
import type { Order } from '@ot/contracts/orders/order-state.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { composeOrderEmail, composeTestEmail, escapeHtml } from './compose-email.ts';

const studio = { name: 'Elite Performance Golf', publicUrl: 'https://track.example.test/' };

const order = (overrides: Partial<Order> = {}): Order => ({
  orderId: 'o-1',
  orderNumber: 'EP-0042',
  customerEmail: 'jane@example.com',
  customerName: 'Jane Golfer',
  customerPhone: null,
  orderDate: '2026-11-01',
  status: 'order_being_processed',
  shippingAddress: null,
  billingAddress: {
    name: 'Jane',
    address1: '1 Lane',
    address2: null,
    city: 'Town',
    state: null,
    zipCode: 'AB1 2CD',
    country: 'United Kingdom',
  },
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
  items: [
    {
      id: 'i-1',
      name: 'Driver',
      sku: 's',
      price: 100,
      quantity: 1,
      imageUrl: null,
      documentUrl: null,
      manufacturer: 'Ping',
      estimatedDelivery: '2026-03-05',
      status: 'order_checked_ready_for_collection',
    },
    {
      id: 'i-2',
      name: 'Wedges',
      sku: 's',
      price: 100,
      quantity: 1,
      imageUrl: null,
      documentUrl: null,
      manufacturer: null,
      estimatedDelivery: null,
      status: 'order_arrived_awaiting_qc',
    },
  ],
  ...overrides,
});

test('the subject names the order number', () => {
  assert.is(composeOrderEmail(order(), studio).subject, 'Order EP-0042 update from Elite Performance Golf');
  assert.is(composeOrderEmail(order(), studio, 'Your clubs\r\nBcc: x').subject, 'Your clubs Bcc: x');
});

test('each item shows its status label and ETA (TBC without one), in HTML and text', () => {
  const email = composeOrderEmail(order(), studio);
  assert.match(email.html, 'Order Checked &amp; Ready For Collection');
  assert.match(email.text, 'Order Checked & Ready For Collection');
  for (const part of [email.html, email.text]) {
    assert.match(part, 'Order Arrived at EP - Awaiting Quality Checks');
    assert.match(part, 'Mar 05, 2026');
    assert.match(part, 'Elite Performance Golf');
    assert.match(part, 'https://track.example.test/orders/EP-0042');
  }
  assert.match(email.text, '- Wedges: Order Arrived at EP - Awaiting Quality Checks (ETA: TBC)');
});

test("the order's ETA is shown, or TBC until there is one", () => {
  assert.match(composeOrderEmail(order(), studio).text, 'Estimated delivery for the whole order: TBC');
  assert.match(
    composeOrderEmail(order({ estimatedDelivery: '2026-12-24' }), studio).text,
    'Estimated delivery for the whole order: Dec 24, 2026',
  );
});

test('the Parcelforce tracking link appears only with a tracking number', () => {
  assert.not.match(composeOrderEmail(order(), studio).html, 'parcelforce');
  const email = composeOrderEmail(order({ trackingNumber: 'PF 123' }), studio);
  assert.match(email.html, 'href="https://www.parcelforce.com/track-trace?trackNumber=PF%20123"');
  assert.match(email.text, 'Parcelforce tracking number: PF 123');
});

test('customer-controlled text is escaped in the HTML', () => {
  const email = composeOrderEmail(
    order({ customerName: '<img src=x onerror=alert(1)>', orderNumber: 'EP-"1"' }),
    studio,
  );
  assert.not.match(email.html, '<img');
  assert.match(email.html, '&lt;img src=x onerror=alert(1)&gt;');
  assert.match(email.html, 'href="https://track.example.test/orders/EP-%221%22"');
});

test('fitter notes, for the studio only, never reach the customer', () => {
  const email = composeOrderEmail(order(), studio);
  assert.not.match(email.html + email.text, 'grip sizes');
});

test('the test email says what it is and links to the app', () => {
  const email = composeTestEmail(studio);
  assert.is(email.subject, 'Test email from Elite Performance Golf');
  assert.match(email.text, 'https://track.example.test/');
});

test('helpers: HTML escaping and the spec date format', () => {
  assert.is(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  assert.is(formatDay('2024-03-05T14:30:00Z'), 'Mar 05, 2024');
  assert.is(formatDay(null), null);
  assert.is(formatDay('soon'), null);
});

test.run();
