import { NotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { UpdateOrderItemRequest } from '@ot/contracts/orders/order-commands.ts';
import { sampleItem } from '@ot/contracts/testing/sample-order.ts';
import { test } from 'uvu';
import { DRIVER_ID, given, IRONS_ID, orderPlaced } from '../testing/given-when-then.ts';
import { decideUpdateOrderItem, type UpdateOrderItem } from './update-order-item.ts';

const updateItem = (itemId: string, changes: UpdateOrderItemRequest, notify = false): UpdateOrderItem => ({
  type: 'UpdateOrderItem',
  itemId,
  changes,
  notification: notify ? { notificationId: 'note-1', requestedBy: 'admin' } : null,
});

const notification = {
  type: 'CustomerNotificationRequested',
  data: {
    notificationId: 'note-1',
    recipientEmail: 'jane@example.com',
    emailType: 'order_update',
    requestedBy: 'admin',
  },
} as const;

test('an item of an order that does not exist cannot be updated', () => {
  given()
    .when(decideUpdateOrderItem, updateItem(DRIVER_ID, { status: 'order_collected_shipped' }))
    .thenFails(NotFound, 'Order not found');
});

test('an unknown item is not found', () => {
  given(orderPlaced())
    .when(decideUpdateOrderItem, updateItem('no-such-item', { status: 'order_collected_shipped' }))
    .thenFails(NotFound, 'Item not found');
});

test('a new item status records the status it replaced', () => {
  given(orderPlaced())
    .when(decideUpdateOrderItem, updateItem(IRONS_ID, { status: 'order_placed_with_manufacturer' }))
    .thenAppends([
      {
        type: 'ItemStatusChanged',
        data: { itemId: IRONS_ID, status: 'order_placed_with_manufacturer', previousStatus: 'order_being_processed' },
      },
    ]);
});

test('status, ETA and manufacturer changed together are three events', () => {
  given(orderPlaced())
    .when(
      decideUpdateOrderItem,
      updateItem(DRIVER_ID, {
        status: 'order_arrived_awaiting_qc',
        estimatedDelivery: '2026-12-01',
        manufacturer: 'Ping',
      }),
    )
    .thenAppends([
      {
        type: 'ItemStatusChanged',
        data: { itemId: DRIVER_ID, status: 'order_arrived_awaiting_qc', previousStatus: 'order_being_processed' },
      },
      { type: 'ItemEstimatedDeliverySet', data: { itemId: DRIVER_ID, estimatedDelivery: '2026-12-01' } },
      { type: 'ItemManufacturerChanged', data: { itemId: DRIVER_ID, manufacturer: 'Ping' } },
    ]);
});

test('an item sent back unchanged appends nothing', () => {
  given(orderPlaced())
    .when(
      decideUpdateOrderItem,
      updateItem(DRIVER_ID, { status: 'order_being_processed', estimatedDelivery: null, manufacturer: 'Titleist' }),
    )
    .thenAppendsNothing();
});

test('an empty body changes nothing', () => {
  given(orderPlaced()).when(decideUpdateOrderItem, updateItem(DRIVER_ID, {})).thenAppendsNothing();
});

test('an empty ETA clears the one that was set', () => {
  given(orderPlaced({ items: [sampleItem({ estimatedDelivery: '2026-12-01' })] }))
    .when(decideUpdateOrderItem, updateItem(DRIVER_ID, { estimatedDelivery: '' }))
    .thenAppends([{ type: 'ItemEstimatedDeliverySet', data: { itemId: DRIVER_ID, estimatedDelivery: null } }]);
});

test('a null manufacturer clears it', () => {
  given(orderPlaced())
    .when(decideUpdateOrderItem, updateItem(DRIVER_ID, { manufacturer: null }))
    .thenAppends([{ type: 'ItemManufacturerChanged', data: { itemId: DRIVER_ID, manufacturer: null } }]);
});

test('the last item of an order can be updated like any other', () => {
  given(orderPlaced({ items: [sampleItem()] }))
    .when(decideUpdateOrderItem, updateItem(DRIVER_ID, { status: 'order_collected_shipped' }))
    .thenAppends([
      {
        type: 'ItemStatusChanged',
        data: { itemId: DRIVER_ID, status: 'order_collected_shipped', previousStatus: 'order_being_processed' },
      },
    ]);
});

test('a change already made by an earlier event is not made twice', () => {
  given(orderPlaced(), {
    type: 'ItemStatusChanged',
    data: { itemId: DRIVER_ID, status: 'order_collected_shipped', previousStatus: 'order_being_processed' },
  })
    .when(decideUpdateOrderItem, updateItem(DRIVER_ID, { status: 'order_collected_shipped' }))
    .thenAppendsNothing();
});

test('x-send-email on an unchanged item still requests the customer notification', () => {
  given(orderPlaced())
    .when(decideUpdateOrderItem, updateItem(DRIVER_ID, { status: 'order_being_processed' }, true))
    .thenAppends([notification]);
});

test('x-send-email on a changed item requests the notification after the change', () => {
  given(orderPlaced())
    .when(decideUpdateOrderItem, updateItem(DRIVER_ID, { status: 'order_checked_ready_for_collection' }, true))
    .thenAppends([
      {
        type: 'ItemStatusChanged',
        data: {
          itemId: DRIVER_ID,
          status: 'order_checked_ready_for_collection',
          previousStatus: 'order_being_processed',
        },
      },
      notification,
    ]);
});

test('the notification goes to the customer email the order has now', () => {
  given(orderPlaced(), {
    type: 'CustomerDetailsChanged',
    data: { customerName: 'Jane Golfer', customerEmail: 'jane.new@example.com', customerPhone: null },
  })
    .when(decideUpdateOrderItem, updateItem(DRIVER_ID, {}, true))
    .thenAppends([{ ...notification, data: { ...notification.data, recipientEmail: 'jane.new@example.com' } }]);
});

test.run();
