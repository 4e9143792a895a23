import type { ItemStatus, Manufacturer, OrderStatus } from '@ot/contracts/orders/item-status.ts';
import type { UpdateOrderDetailsRequest, UpdateOrderItemRequest } from '@ot/contracts/orders/order-commands.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { type EditOrderForm, editOrderDefaults } from '../components/edit-order/edit-order-form.ts';
import type { OrderSnapshot } from './three-way-merge.ts';
import { changedKeys } from './three-way-merge.ts';

/** The edit form's fields as the merge compares them: flat strings, addresses as `shippingAddress.city`. */
export function snapshotOfForm(form: EditOrderForm): OrderSnapshot {
  const { items, notifyCustomer: _notify, shippingAddress, billingAddress, ...rest } = form;
  const fields: Record<string, string> = { ...rest };
  for (const [key, value] of Object.entries(shippingAddress)) fields[`shippingAddress.${key}`] = value;
  for (const [key, value] of Object.entries(billingAddress)) fields[`billingAddress.${key}`] = value;
  return {
    fields,
    items: items.map(({ id, ...values }) => ({ id, values: { ...values } })),
  };
}

export const snapshotOfOrder = (order: OrderView): OrderSnapshot => snapshotOfForm(editOrderDefaults(order));

const address = (fields: Record<string, string>, prefix: string) => {
  const entries = Object.entries(fields).filter(([key]) => key.startsWith(`${prefix}.`));
  return Object.fromEntries(entries.map(([key, value]) => [key.slice(prefix.length + 1), value]));
};

/** The update-order-details body for a snapshot (the spec sends notifyCustomer as false). */
export function detailsBody(snapshot: OrderSnapshot, documentUrl: string | null): UpdateOrderDetailsRequest {
  const fields = snapshot.fields;
  const plain = Object.fromEntries(
    Object.entries(fields).filter(([key]) => !key.includes('.') && key !== 'documentUrl'),
  ) as Record<string, string>;
  return {
    ...plain,
    status: fields.status as OrderStatus,
    shippingAddress: address(fields, 'shippingAddress') as UpdateOrderDetailsRequest['shippingAddress'],
    billingAddress: address(fields, 'billingAddress') as UpdateOrderDetailsRequest['billingAddress'],
    ...(documentUrl ? { documentUrl } : {}),
    notifyCustomer: false,
  };
}

export interface ItemCall {
  id: string;
  body: UpdateOrderItemRequest;
  sendEmail: boolean;
}

/**
 * The update-order-item calls that turn `serverHas` into `target`: only changed items, each with only
 * its changed fields, in the order's item order; the last asks for the email when Notify Customer is
 * ticked. With nothing changed but Notify ticked, the first item is re-sent with its status.
 */
export function itemCalls(target: OrderSnapshot, serverHas: OrderSnapshot, notifyCustomer: boolean): ItemCall[] {
  const before = new Map(serverHas.items.map((item) => [item.id, item.values]));
  const changed = target.items.flatMap((item) => {
    const keys = changedKeys(before.get(item.id) ?? {}, item.values);
    if (keys.length === 0) return [];
    const body: UpdateOrderItemRequest = {};
    for (const key of keys) {
      const value = item.values[key] ?? '';
      if (key === 'status') body.status = value as ItemStatus;
      else if (key === 'estimatedDelivery') body.estimatedDelivery = value || null;
      else if (key === 'manufacturer') body.manufacturer = (value || null) as Manufacturer | null;
    }
    return [{ id: item.id, body }];
  });
  const first = target.items[0];
  const calls =
    changed.length === 0 && notifyCustomer && first
      ? [{ id: first.id, body: { status: first.values.status as ItemStatus } }]
      : changed;
  return calls.map((call, index) => ({ ...call, sendEmail: notifyCustomer && index === calls.length - 1 }));
}
