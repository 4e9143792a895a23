import { format, parseISO } from 'date-fns';
import { statusLabel } from '../orders/item-status.ts';
import type { EventDataOf } from './event-family.ts';
import type { domainEventSchemas, RecordedDomainEvent } from './event-registry.ts';

export type EventType = keyof typeof domainEventSchemas;
type EventData = EventDataOf<typeof domainEventSchemas>;

/** One row of an order's timeline, as the customer's and the studio's order pages show it. */
export interface TimelineText {
  title: string;
  description: string | null;
  status: string | null;
  /** False for what only the studio may read (fitter notes, email plumbing). */
  customerVisible: boolean;
}

/** The words of one event type: its name on the audit screens, and its timeline row. */
export interface EventLabel<Type extends EventType> {
  audit: string;
  timeline: (data: EventData[Type], itemName: (itemId: string) => string) => TimelineText;
}

const shown = (title: string, description: string | null, status: string | null = null): TimelineText => ({
  title,
  description,
  status,
  customerVisible: true,
});
const studioOnly = (title: string, description: string | null = null): TimelineText => ({
  title,
  description,
  status: null,
  customerVisible: false,
});

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

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Every event type's words, in the studio's language. A `Record<EventType, ...>` keyed by the registry, each
 * entry typed by its own event's data: an event type added to the registry without its words fails to compile.
 */
export const eventLabels = {
  OrderPlaced: {
    audit: 'Order placed',
    timeline: (data) =>
      shown(
        'Order placed',
        `Order ${data.orderNumber} was placed with ${plural(data.items.length, 'item')}.`,
        data.status,
      ),
  },
  CustomerDetailsChanged: {
    audit: 'Customer details changed',
    timeline: () => shown('Contact details updated', 'Your name, email or phone number on this order was updated.'),
  },
  ShippingAddressChanged: {
    audit: 'Shipping address changed',
    timeline: () => shown('Shipping address updated', 'The delivery address for this order was updated.'),
  },
  BillingAddressChanged: {
    audit: 'Billing address changed',
    timeline: () => shown('Billing address updated', 'The billing address for this order was updated.'),
  },
  OrderStatusChanged: {
    audit: 'Order status changed',
    timeline: (data) =>
      shown(
        statusLabel(data.status),
        `Order status changed from ${statusLabel(data.previousStatus)} to ${statusLabel(data.status)}.`,
        data.status,
      ),
  },
  TrackingNumberAssigned: {
    audit: 'Tracking number set',
    timeline: (data) =>
      data.trackingNumber
        ? shown('Tracking number added', `Parcelforce tracking number ${data.trackingNumber}.`)
        : shown('Tracking number removed', null),
  },
  OrderEstimatedDeliverySet: {
    audit: 'Estimated delivery set',
    timeline: (data) =>
      shown('Estimated delivery updated', `Estimated delivery for the whole order: ${day(data.estimatedDelivery)}.`),
  },
  CustomerNotesChanged: {
    audit: 'Customer notes changed',
    timeline: () => shown('Notes updated', 'The studio updated the notes on your order.'),
  },
  FitterNotesChanged: {
    audit: 'Fitter notes changed',
    timeline: () => studioOnly('Fitter notes updated'),
  },
  SpecDocumentAttached: {
    audit: 'Spec document attached',
    timeline: (data) =>
      shown(data.documentUrl ? 'Custom fit specification attached' : 'Custom fit specification removed', null),
  },
  ItemStatusChanged: {
    audit: 'Item status changed',
    timeline: (data, itemName) =>
      shown(
        `${itemName(data.itemId)}: ${statusLabel(data.status)}`,
        `Status changed from ${statusLabel(data.previousStatus)} to ${statusLabel(data.status)}.`,
        data.status,
      ),
  },
  ItemEstimatedDeliverySet: {
    audit: 'Item estimated delivery set',
    timeline: (data, itemName) =>
      shown(
        `${itemName(data.itemId)}: estimated delivery updated`,
        `Estimated delivery: ${day(data.estimatedDelivery)}.`,
      ),
  },
  ItemManufacturerChanged: {
    audit: 'Item manufacturer changed',
    timeline: (data, itemName) =>
      shown(
        `${itemName(data.itemId)}: manufacturer updated`,
        data.manufacturer ? `Made by ${data.manufacturer}.` : 'Manufacturer to be confirmed.',
      ),
  },
  CustomerNotificationRequested: {
    audit: 'Email requested',
    // An erased customer's address reads as '' (privacy/personal-fields.ts): there is nobody to name.
    timeline: (data) =>
      studioOnly('Customer notification requested', data.recipientEmail ? `Email to ${data.recipientEmail}.` : null),
  },
  EmailSent: {
    audit: 'Email sent',
    timeline: (data) => studioOnly('Email sent', `Attempt ${data.attempt}.`),
  },
  EmailDeliveryFailed: {
    audit: 'Email delivery failed',
    timeline: (data) => studioOnly('Email delivery failed', data.error),
  },
  EmailRetryRequested: {
    audit: 'Email retry requested',
    timeline: () => studioOnly('Email retry requested'),
  },
  CustomerImported: {
    audit: 'Customer imported',
    timeline: () => studioOnly('Customer imported'),
  },
  CustomerErased: {
    audit: 'Customer erased (right to erasure)',
    timeline: () => studioOnly('Customer erased (right to erasure)'),
  },
  AttentionPushRequested: {
    audit: 'Attention push requested',
    timeline: (data) =>
      studioOnly('Attention push requested', `${data.count} new in "Needs attention" for a staff device.`),
  },
  PushSent: {
    audit: 'Push notification sent',
    timeline: (data) =>
      studioOnly('Push notification sent', `"${data.title}" through ${data.pushService}, attempt ${data.attempt}.`),
  },
  PushDeliveryFailed: {
    audit: 'Push notification failed',
    timeline: (data) =>
      studioOnly(
        'Push notification failed',
        data.subscriptionRemoved ? `${data.error} The device's subscription was removed.` : data.error,
      ),
  },
} satisfies { [Type in EventType]: EventLabel<Type> };

const isEventType = (type: string): type is EventType => Object.hasOwn(eventLabels, type);

/** An event type's name on the audit screens; a type this build does not know is shown as it was stored. */
export const eventTitle = (type: string): string => (isEventType(type) ? eventLabels[type].audit : type);

/** The timeline row of an event, given the names of the order's items. */
export function timelineText(event: RecordedDomainEvent, itemName: (itemId: string) => string): TimelineText {
  // Each entry is typed by its own event's data; the event's type picks the entry whose data it carries.
  const label = eventLabels[event.type] as EventLabel<EventType>;
  return label.timeline(event.data, itemName);
}
