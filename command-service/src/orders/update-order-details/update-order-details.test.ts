import { NotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { UpdateOrderDetailsRequest } from '@ot/contracts/orders/order-commands.ts';
import { janesAddress } from '@ot/contracts/testing/sample-order.ts';
import { test } from 'uvu';
import { given, orderPlaced } from '../testing/given-when-then.ts';
import { decideUpdateOrderDetails, type UpdateOrderDetails } from './update-order-details.ts';

const update = (changes: Partial<UpdateOrderDetailsRequest>, notify = false): UpdateOrderDetails => ({
  type: 'UpdateOrderDetails',
  changes: { status: 'order_being_processed', ...changes },
  notification: notify ? { notificationId: 'note-1', requestedBy: 'admin' } : null,
});

const placedAddress = janesAddress;

test('an order that does not exist cannot be updated', () => {
  given().when(decideUpdateOrderDetails, update({})).thenFails(NotFound, 'Order not found');
});

test('saving the form unchanged appends nothing', () => {
  given(orderPlaced())
    .when(
      decideUpdateOrderDetails,
      update({
        customerName: 'Jane Golfer',
        customerEmail: 'jane@example.com',
        customerPhone: '07700 900123',
        shippingName: 'Jane Golfer',
        shippingAddress1: '1 Fairway Lane',
        shippingAddress2: '',
        shippingCity: 'St Andrews',
        shippingState: 'Fife',
        shippingZipCode: 'KY16 9AA',
        shippingCountry: 'United Kingdom',
        trackingNumber: '',
        estimatedDelivery: '',
        notes: '',
        fitterNotes: '',
        notifyCustomer: false,
      }),
    )
    .thenAppendsNothing();
});

test('a new status records the status it replaced', () => {
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({ status: 'order_shipped' }))
    .thenAppends([
      { type: 'OrderStatusChanged', data: { status: 'order_shipped', previousStatus: 'order_being_processed' } },
    ]);
});

test('a changed phone number records the whole of the customer details', () => {
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({ customerPhone: ' 01334 123456 ' }))
    .thenAppends([
      {
        type: 'CustomerDetailsChanged',
        data: { customerName: 'Jane Golfer', customerEmail: 'jane@example.com', customerPhone: '01334 123456' },
      },
    ]);
});

test('an empty phone number clears it', () => {
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({ customerPhone: '' }))
    .thenAppends([
      {
        type: 'CustomerDetailsChanged',
        data: { customerName: 'Jane Golfer', customerEmail: 'jane@example.com', customerPhone: null },
      },
    ]);
});

test('flat shipping fields change only the shipping address, merged over the current one', () => {
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({ shippingCity: 'Carnoustie', shippingAddress2: 'Flat 2' }))
    .thenAppends([
      {
        type: 'ShippingAddressChanged',
        data: { shippingAddress: { ...placedAddress, city: 'Carnoustie', address2: 'Flat 2' } },
      },
    ]);
});

test('clearing every shipping field removes the shipping address', () => {
  given(orderPlaced())
    .when(
      decideUpdateOrderDetails,
      update({ shippingName: '', shippingAddress1: '', shippingCity: '', shippingZipCode: '', shippingState: '' }),
    )
    .thenAppends([{ type: 'ShippingAddressChanged', data: { shippingAddress: null } }]);
});

test('flat billing fields change only the billing address', () => {
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({ billingName: 'J. Golfer', billingZipCode: 'KY16 9AB' }))
    .thenAppends([
      {
        type: 'BillingAddressChanged',
        data: { billingAddress: { ...placedAddress, name: 'J. Golfer', zipCode: 'KY16 9AB' } },
      },
    ]);
});

test('an address sent as an object, as orders carry it, is merged like the flat fields', () => {
  given(orderPlaced())
    .when(
      decideUpdateOrderDetails,
      update({
        shippingAddress: { ...placedAddress, city: 'Carnoustie' },
        billingAddress: { name: 'J. Golfer', zipCode: 'KY16 9AB' },
      }),
    )
    .thenAppends([
      { type: 'ShippingAddressChanged', data: { shippingAddress: { ...placedAddress, city: 'Carnoustie' } } },
      {
        type: 'BillingAddressChanged',
        data: { billingAddress: { ...placedAddress, name: 'J. Golfer', zipCode: 'KY16 9AB' } },
      },
    ]);
});

test('a flat address field sent with the object wins over the same key in it', () => {
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({ shippingAddress: { city: 'Carnoustie' }, shippingCity: 'Troon' }))
    .thenAppends([{ type: 'ShippingAddressChanged', data: { shippingAddress: { ...placedAddress, city: 'Troon' } } }]);
});

test('tracking number, ETA, notes and fitter notes each become their own event', () => {
  given(orderPlaced())
    .when(
      decideUpdateOrderDetails,
      update({
        trackingNumber: ' PF123456789GB ',
        estimatedDelivery: '2026-12-01',
        notes: 'Collect from the studio',
        fitterNotes: 'Lie angle 2 up',
      }),
    )
    .thenAppends([
      { type: 'TrackingNumberAssigned', data: { trackingNumber: 'PF123456789GB' } },
      { type: 'OrderEstimatedDeliverySet', data: { estimatedDelivery: '2026-12-01' } },
      { type: 'CustomerNotesChanged', data: { customerNotes: 'Collect from the studio' } },
      { type: 'FitterNotesChanged', data: { fitterNotes: 'Lie angle 2 up' } },
    ]);
});

test('customerNotes wins over its alias notes when both are sent', () => {
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({ customerNotes: 'From customerNotes', notes: 'From notes' }))
    .thenAppends([{ type: 'CustomerNotesChanged', data: { customerNotes: 'From customerNotes' } }]);
});

test('an empty string clears a tracking number that was set', () => {
  given(orderPlaced({ trackingNumber: 'PF1' }))
    .when(decideUpdateOrderDetails, update({ trackingNumber: '' }))
    .thenAppends([{ type: 'TrackingNumberAssigned', data: { trackingNumber: null } }]);
});

test('a field left out of the payload is left as it is', () => {
  given(orderPlaced({ trackingNumber: 'PF1', fitterNotes: 'Keep me', customerNotes: 'Keep me too' }))
    .when(decideUpdateOrderDetails, update({}))
    .thenAppendsNothing();
});

test('a spec document URL is attached once, and the same URL again changes nothing', () => {
  const url = 'https://docs.example.com/spec.pdf';
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({ documentUrl: url }))
    .thenAppends([{ type: 'SpecDocumentAttached', data: { documentUrl: url } }]);
  given(orderPlaced(), { type: 'SpecDocumentAttached', data: { documentUrl: url } })
    .when(decideUpdateOrderDetails, update({ documentUrl: url }))
    .thenAppendsNothing();
});

test('notifyCustomer requests an order_update email to the customer, even when nothing else changed', () => {
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({}, true))
    .thenAppends([
      {
        type: 'CustomerNotificationRequested',
        data: {
          notificationId: 'note-1',
          recipientEmail: 'jane@example.com',
          emailType: 'order_update',
          requestedBy: 'admin',
        },
      },
    ]);
});

test('the notification goes to the email address the same update sets', () => {
  given(orderPlaced())
    .when(decideUpdateOrderDetails, update({ customerEmail: 'new@example.com' }, true))
    .thenAppends([
      {
        type: 'CustomerDetailsChanged',
        data: { customerName: 'Jane Golfer', customerEmail: 'new@example.com', customerPhone: '07700 900123' },
      },
      {
        type: 'CustomerNotificationRequested',
        data: {
          notificationId: 'note-1',
          recipientEmail: 'new@example.com',
          emailType: 'order_update',
          requestedBy: 'admin',
        },
      },
    ]);
});

test('everything changed at once comes out as fine-grained events in one fixed order', () => {
  given(orderPlaced())
    .when(
      decideUpdateOrderDetails,
      update(
        {
          status: 'order_collected',
          customerName: 'Jane Smith',
          shippingCity: 'Troon',
          billingCity: 'Troon',
          trackingNumber: 'PF9',
          estimatedDelivery: '2026-12-24',
          notes: 'n',
          fitterNotes: 'f',
          documentUrl: 'https://docs.example.com/a.pdf',
        },
        true,
      ),
    )
    .thenTypes([
      'CustomerDetailsChanged',
      'ShippingAddressChanged',
      'BillingAddressChanged',
      'OrderStatusChanged',
      'TrackingNumberAssigned',
      'OrderEstimatedDeliverySet',
      'CustomerNotesChanged',
      'FitterNotesChanged',
      'SpecDocumentAttached',
      'CustomerNotificationRequested',
    ]);
});

test.run();
