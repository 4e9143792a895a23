import { orderNotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { UpdateOrderDetailsRequest } from '@ot/contracts/orders/order-commands.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import type { Address } from '@ot/contracts/orders/order-fields.ts';
import type { Order, OrderState } from '@ot/contracts/orders/order-state.ts';
import { type NotificationRequest, notificationRequested } from '../notification.ts';
import { blankToNull, changedText } from '../text.ts';

/** The edit form's save: any subset of the order's own fields; only what differs becomes an event. */
export interface UpdateOrderDetails {
  type: 'UpdateOrderDetails';
  changes: UpdateOrderDetailsRequest;
  /** Present when the admin ticked "notify customer". */
  notification: NotificationRequest | null;
}

const flatNames = {
  name: 'Name',
  address1: 'Address1',
  address2: 'Address2',
  city: 'City',
  state: 'State',
  zipCode: 'ZipCode',
  country: 'Country',
} as const satisfies Record<keyof Address, string>;
const addressKeys = Object.keys(flatNames) as (keyof Address)[];

const blankAddress: Address = {
  name: '',
  address1: '',
  address2: null,
  city: '',
  state: null,
  zipCode: '',
  country: '',
};

const normalise = (address: Address): Address => ({
  ...address,
  address2: blankToNull(address.address2),
  state: blankToNull(address.state),
});

const sameAddress = (a: Address | null, b: Address | null): boolean =>
  a === null || b === null
    ? a === b
    : addressKeys.every((key) => (normalise(a)[key] ?? null) === (normalise(b)[key] ?? null));

/**
 * The flat shippingX/billingX fields, or the keys of a `shippingAddress`/`billingAddress` object, laid
 * over the current address; undefined when none was sent.
 */
function mergeAddress(
  current: Address | null,
  changes: UpdateOrderDetailsRequest,
  prefix: 'shipping' | 'billing',
): Address | undefined {
  const nested = changes[`${prefix}Address`];
  const sentValue = (key: keyof Address) => {
    const flat = changes[`${prefix}${flatNames[key]}`];
    return flat !== undefined ? flat : nested?.[key];
  };
  const sent = addressKeys.filter((key) => sentValue(key) !== undefined);
  if (sent.length === 0) return undefined;
  const next: Address = { ...blankAddress, ...current };
  for (const key of sent) {
    const value = sentValue(key);
    if (key === 'address2' || key === 'state') next[key] = blankToNull(value);
    else next[key] = value?.trim() ?? '';
  }
  return normalise(next);
}

/** As when the order was placed: an address with no name, street, city or postcode is no address. */
const isEmpty = (address: Address) => !(address.name || address.address1 || address.city || address.zipCode);

const differs = <T>(next: T | undefined, current: T): next is T => next !== undefined && next !== current;

function customerDetails(order: Order, changes: UpdateOrderDetailsRequest): OrderEvent[] {
  const phone = changedText(changes.customerPhone);
  const next = {
    customerName: changes.customerName?.trim() ?? order.customerName,
    customerEmail: changes.customerEmail?.trim() ?? order.customerEmail,
    customerPhone: phone === undefined ? order.customerPhone : phone,
  };
  const changed =
    next.customerName !== order.customerName ||
    next.customerEmail !== order.customerEmail ||
    next.customerPhone !== order.customerPhone;
  return changed ? [{ type: 'CustomerDetailsChanged', data: next }] : [];
}

function addresses(order: Order, changes: UpdateOrderDetailsRequest): OrderEvent[] {
  const events: OrderEvent[] = [];
  const shipping = mergeAddress(order.shippingAddress, changes, 'shipping');
  if (shipping !== undefined) {
    const shippingAddress = isEmpty(shipping) ? null : shipping;
    if (!sameAddress(shippingAddress, order.shippingAddress)) {
      events.push({ type: 'ShippingAddressChanged', data: { shippingAddress } });
    }
  }
  const billing = mergeAddress(order.billingAddress, changes, 'billing');
  if (billing !== undefined && !sameAddress(billing, order.billingAddress)) {
    events.push({ type: 'BillingAddressChanged', data: { billingAddress: billing } });
  }
  return events;
}

export function decideUpdateOrderDetails(command: UpdateOrderDetails, state: OrderState): OrderEvent[] {
  if (state === null) throw orderNotFound();
  const { changes } = command;
  const events: OrderEvent[] = [...customerDetails(state, changes), ...addresses(state, changes)];

  if (changes.status !== state.status) {
    events.push({ type: 'OrderStatusChanged', data: { status: changes.status, previousStatus: state.status } });
  }
  const trackingNumber = changedText(changes.trackingNumber);
  if (differs(trackingNumber, state.trackingNumber)) {
    events.push({ type: 'TrackingNumberAssigned', data: { trackingNumber } });
  }
  const estimatedDelivery = changedText(changes.estimatedDelivery);
  if (differs(estimatedDelivery, state.estimatedDelivery)) {
    events.push({ type: 'OrderEstimatedDeliverySet', data: { estimatedDelivery } });
  }
  const customerNotes = changedText(changes.customerNotes !== undefined ? changes.customerNotes : changes.notes);
  if (differs(customerNotes, state.customerNotes)) {
    events.push({ type: 'CustomerNotesChanged', data: { customerNotes } });
  }
  const fitterNotes = changedText(changes.fitterNotes);
  if (differs(fitterNotes, state.fitterNotes)) {
    events.push({ type: 'FitterNotesChanged', data: { fitterNotes } });
  }
  const documentUrl = changedText(changes.documentUrl);
  if (documentUrl !== undefined && state.items.some((item) => item.documentUrl !== documentUrl)) {
    events.push({ type: 'SpecDocumentAttached', data: { documentUrl } });
  }
  // Asked for explicitly, so it is requested even when nothing else changed; it goes to the email as it now stands.
  if (command.notification) {
    const customer = events.find((event) => event.type === 'CustomerDetailsChanged');
    const recipient = customer?.type === 'CustomerDetailsChanged' ? customer.data.customerEmail : state.customerEmail;
    events.push(notificationRequested(command.notification, recipient));
  }
  return events;
}
