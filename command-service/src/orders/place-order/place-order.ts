import { orderExists } from '@ot/contracts/errors/domain-errors.ts';
import type { PlaceOrderRequest } from '@ot/contracts/orders/order-commands.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import type { Address } from '@ot/contracts/orders/order-fields.ts';
import { orderAmounts } from '@ot/contracts/orders/order-rules.ts';
import type { OrderState } from '@ot/contracts/orders/order-state.ts';
import { blankToNull } from '../text.ts';

export interface PlaceOrder {
  type: 'PlaceOrder';
  orderId: string;
  orderNumber: string;
  /** One new id per item, in order. */
  itemIds: string[];
  request: PlaceOrderRequest;
}

function toAddress(input: PlaceOrderRequest['shippingAddress']): Address | null {
  if (!input) return null;
  const address = {
    name: input.name?.trim() ?? '',
    address1: input.address1?.trim() ?? '',
    address2: blankToNull(input.address2),
    city: input.city?.trim() ?? '',
    state: blankToNull(input.state),
    zipCode: input.zipCode?.trim() ?? '',
    country: input.country?.trim() || 'United Kingdom',
  };
  return address.name || address.address1 || address.city || address.zipCode ? address : null;
}

const placeholderSku = (orderNumber: string, index: number) => `${orderNumber}-${String(index + 1).padStart(2, '0')}`;

export function decidePlaceOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  if (state !== null) throw orderExists(command.orderNumber);
  const { request } = command;
  const shippingAddress = toAddress(request.shippingAddress);
  // The flag defaults to true, but without it a billing address that was sent is kept as sent.
  const sentBilling = toAddress(request.billingAddress);
  const same = request.sameBillingAddress ?? sentBilling === null;
  const billingAddress = (same ? shippingAddress : sentBilling) ?? {
    name: request.customerName,
    address1: '',
    address2: null,
    city: '',
    state: null,
    zipCode: '',
    country: 'United Kingdom',
  };
  const orderDocument = blankToNull(request.items.find((item) => item.documentUrl)?.documentUrl);
  const tax = request.tax ?? 0;
  // The server's truth: the client's total and amountRemaining are ignored (README, API conventions).
  const { total, amountRemaining } = orderAmounts({ ...request, tax });
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId: command.orderId,
        orderNumber: command.orderNumber,
        customerEmail: request.customerEmail.trim(),
        customerName: request.customerName.trim(),
        customerPhone: blankToNull(request.customerPhone),
        orderDate: request.orderDate,
        status: request.status ?? 'order_being_processed',
        shippingAddress,
        billingAddress,
        subtotal: request.subtotal,
        shipping: request.shipping,
        tax,
        total,
        amountPaid: request.amountPaid,
        amountRemaining,
        trackingNumber: blankToNull(request.trackingNumber),
        estimatedDelivery: blankToNull(request.estimatedDelivery),
        customerNotes: blankToNull(request.customerNotes ?? request.notes),
        fitterNotes: blankToNull(request.fitterNotes),
        squarespaceOrderId: blankToNull(request.squarespaceOrderId),
        items: request.items.map((item, index) => ({
          id: command.itemIds[index] ?? `${command.orderId}-${index}`,
          name: item.name.trim(),
          sku: blankToNull(item.sku) ?? placeholderSku(command.orderNumber, index),
          price: item.price,
          quantity: item.quantity,
          imageUrl: blankToNull(item.imageUrl),
          documentUrl: blankToNull(item.documentUrl) ?? orderDocument,
          manufacturer: item.manufacturer ?? null,
          estimatedDelivery: blankToNull(item.estimatedDelivery),
          status: item.status ?? item.statusHistory?.at(-1)?.status ?? 'order_being_processed',
          ...(item.statusHistory ? { statusHistory: item.statusHistory } : {}),
        })),
      },
    },
  ];
}
