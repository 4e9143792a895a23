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

/** The update-order-details body for a snapshot (the edit screen sends notifyCustomer as false). */
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

/** The edit form holding a snapshot's values; `like` gives the form's shape (and Notify Customer). */
export function formOfSnapshot(snapshot: OrderSnapshot, like: EditOrderForm): EditOrderForm {
  const value = (key: string, was: string) => snapshot.fields[key] ?? was;
  const plain = Object.fromEntries(
    Object.entries(like).flatMap(([key, was]) => (typeof was === 'string' ? [[key, value(key, was)]] : [])),
  );
  const addressOf = (prefix: 'shippingAddress' | 'billingAddress') =>
    Object.fromEntries(
      Object.entries(like[prefix]).map(([key, was]) => [key, value(`${prefix}.${key}`, String(was ?? ''))]),
    ) as EditOrderForm[typeof prefix];
  return {
    ...like,
    ...(plain as Partial<EditOrderForm>),
    shippingAddress: addressOf('shippingAddress'),
    billingAddress: addressOf('billingAddress'),
    items: like.items.map((item) => {
      const values = snapshot.items.find((candidate) => candidate.id === item.id)?.values ?? {};
      return { ...item, ...(values as Partial<EditOrderForm['items'][number]>) };
    }),
  };
}

/**
 * The order as it will be once the changes waiting on this device are sent: each one's changed
 * fields (against the order it was based on) laid over `current`, oldest first. An item removed
 * meanwhile stays removed. What the edit screen starts from, so a queued change is seen, not lost.
 */
export function withQueuedEdits(
  current: OrderSnapshot,
  edits: readonly { base: OrderSnapshot; mine: OrderSnapshot }[],
): OrderSnapshot {
  const fields = { ...current.fields };
  const items = current.items.map((item) => ({ id: item.id, values: { ...item.values } }));
  for (const { base, mine } of edits) {
    for (const key of changedKeys(base.fields, mine.fields)) fields[key] = mine.fields[key] ?? '';
    for (const item of mine.items) {
      const target = items.find((candidate) => candidate.id === item.id);
      const was = base.items.find((candidate) => candidate.id === item.id)?.values ?? {};
      if (target) for (const key of changedKeys(was, item.values)) target.values[key] = item.values[key] ?? '';
    }
  }
  return { fields, items };
}
