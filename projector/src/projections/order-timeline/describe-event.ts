import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import { format, parseISO } from 'date-fns';

export interface TimelineText {
  title: string;
  description: string | null;
  status: string | null;
  /** False for what only the studio may read (fitter notes, email plumbing). */
  customerVisible: boolean;
}

/** Days already written out: a replay meets the same few dates over and over (bounded, cleared when full). */
const days = new Map<string, string>();

/** A projection never rejects an event: a date it cannot read is shown as it was written. */
function day(iso: string | null): string {
  if (!iso) return 'to be confirmed';
  let text = days.get(iso);
  if (text === undefined) {
    const date = parseISO(iso);
    text = Number.isNaN(date.getTime()) ? iso : format(date, 'MMM dd, yyyy');
    if (days.size >= 1000) days.clear();
    days.set(iso, text);
  }
  return text;
}

/** The history a person reads: one plain sentence per event, in the studio's words. */
export function describeEvent(event: RecordedDomainEvent, itemName: (itemId: string) => string): TimelineText {
  const visible = (title: string, description: string | null, status: string | null = null): TimelineText => ({
    title,
    description,
    status,
    customerVisible: true,
  });
  switch (event.type) {
    case 'OrderPlaced': {
      const count = event.data.items.length;
      return visible(
        'Order placed',
        `Order ${event.data.orderNumber} was placed with ${count} item${count === 1 ? '' : 's'}.`,
        event.data.status,
      );
    }
    case 'CustomerDetailsChanged':
      return visible('Contact details updated', 'Your name, email or phone number on this order was updated.');
    case 'ShippingAddressChanged':
      return visible('Shipping address updated', 'The delivery address for this order was updated.');
    case 'BillingAddressChanged':
      return visible('Billing address updated', 'The billing address for this order was updated.');
    case 'OrderStatusChanged':
      return visible(
        statusLabel(event.data.status),
        `Order status changed from ${statusLabel(event.data.previousStatus)} to ${statusLabel(event.data.status)}.`,
        event.data.status,
      );
    case 'TrackingNumberAssigned':
      return visible(
        event.data.trackingNumber ? 'Tracking number added' : 'Tracking number removed',
        event.data.trackingNumber ? `Parcelforce tracking number ${event.data.trackingNumber}.` : null,
      );
    case 'OrderEstimatedDeliverySet':
      return visible(
        'Estimated delivery updated',
        `Estimated delivery for the whole order: ${day(event.data.estimatedDelivery)}.`,
      );
    case 'CustomerNotesChanged':
      return visible('Notes updated', 'The studio updated the notes on your order.');
    case 'FitterNotesChanged':
      return { title: 'Fitter notes updated', description: null, status: null, customerVisible: false };
    case 'SpecDocumentAttached':
      return visible(
        event.data.documentUrl ? 'Custom fit specification attached' : 'Custom fit specification removed',
        null,
      );
    case 'ItemStatusChanged':
      return visible(
        `${itemName(event.data.itemId)}: ${statusLabel(event.data.status)}`,
        `Status changed from ${statusLabel(event.data.previousStatus)} to ${statusLabel(event.data.status)}.`,
        event.data.status,
      );
    case 'ItemEstimatedDeliverySet':
      return visible(
        `${itemName(event.data.itemId)}: estimated delivery updated`,
        `Estimated delivery: ${day(event.data.estimatedDelivery)}.`,
      );
    case 'ItemManufacturerChanged':
      return visible(
        `${itemName(event.data.itemId)}: manufacturer updated`,
        event.data.manufacturer ? `Made by ${event.data.manufacturer}.` : 'Manufacturer to be confirmed.',
      );
    case 'CustomerNotificationRequested':
      return {
        title: 'Customer notification requested',
        description: `Email to ${event.data.recipientEmail}.`,
        status: null,
        customerVisible: false,
      };
    case 'EmailSent':
      return {
        title: 'Email sent',
        description: `Attempt ${event.data.attempt}.`,
        status: null,
        customerVisible: false,
      };
    case 'EmailDeliveryFailed':
      return { title: 'Email delivery failed', description: event.data.error, status: null, customerVisible: false };
    case 'CustomerImported':
      return { title: 'Customer imported', description: null, status: null, customerVisible: false };
    case 'EmailRetryRequested':
      return { title: 'Email retry requested', description: null, status: null, customerVisible: false };
    case 'PushSent':
      return {
        title: 'Push notification sent',
        description: `"${event.data.title}" to a device through ${event.data.pushService}, attempt ${event.data.attempt}.`,
        status: null,
        customerVisible: false,
      };
    case 'PushDeliveryFailed':
      return {
        title: 'Push notification failed',
        description: event.data.subscriptionRemoved
          ? `${event.data.error} The device's subscription was removed.`
          : event.data.error,
        status: null,
        customerVisible: false,
      };
  }
}
