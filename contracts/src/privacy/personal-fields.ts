import type { z } from 'zod';
import type { domainEventSchemas } from '../events/event-registry.ts';
import type { Address } from '../orders/order-fields.ts';

/** How an erased customer is named wherever their name stood. */
export const ERASED_CUSTOMER = 'Erased customer';

/** A required address once erased: the schema still holds, and nothing of the person is left in it. */
export const erasedAddress: Address = { name: ERASED_CUSTOMER, address1: '', city: '', zipCode: '', country: '' };

/**
 * What is decided about one field of an event: not personal (stored as it is), or personal (stored
 * encrypted with the data key of the customer it is about, and read as `erased` once that key is gone).
 * `identifies`: this field's email names the customer whose key encrypts the event. `each`: an array
 * of objects, decided field by field.
 */
export type FieldDecision =
  | 'not-personal'
  | { personal: true; erased: unknown; identifies?: true }
  | { each: Record<string, FieldDecision> };

const no = 'not-personal' as const;
const erasedAs = (erased: unknown): FieldDecision => ({ personal: true, erased });
const identifiesCustomer: FieldDecision = { personal: true, erased: '', identifies: true };
const name = erasedAs(ERASED_CUSTOMER);
const nothing = erasedAs(null);
/** Optional text (an email's subject): erased it is left out, as if never given. */
const omitted = erasedAs(undefined);

type Schemas = typeof domainEventSchemas;
type Decisions = {
  [T in keyof Schemas]: { [F in keyof z.infer<Schemas[T]>]-?: FieldDecision };
};

/**
 * Every field of every event type, decided. A new event type or field without a decision fails to
 * compile here, and `personal-fields.test.ts` checks the schemas' own fields against this table.
 */
export const personalFields = {
  OrderPlaced: {
    orderId: no,
    orderNumber: no,
    customerEmail: identifiesCustomer,
    customerName: name,
    customerPhone: nothing,
    orderDate: no,
    status: no,
    shippingAddress: nothing,
    billingAddress: erasedAs(erasedAddress),
    subtotal: no,
    shipping: no,
    tax: no,
    total: no,
    amountPaid: no,
    amountRemaining: no,
    trackingNumber: no,
    estimatedDelivery: no,
    customerNotes: nothing,
    fitterNotes: nothing,
    squarespaceOrderId: no,
    items: {
      each: {
        id: no,
        name: no,
        sku: no,
        price: no,
        quantity: no,
        imageUrl: no,
        // A spec sheet is made for one person: its address leads to their measurements.
        documentUrl: nothing,
        manufacturer: no,
        estimatedDelivery: no,
        status: no,
        // When the item entered each status: business times, nothing about the person.
        statusHistory: no,
      },
    },
  },
  CustomerDetailsChanged: { customerName: name, customerEmail: identifiesCustomer, customerPhone: nothing },
  ShippingAddressChanged: { shippingAddress: nothing },
  BillingAddressChanged: { billingAddress: erasedAs(erasedAddress) },
  OrderStatusChanged: { status: no, previousStatus: no },
  TrackingNumberAssigned: { trackingNumber: no },
  OrderEstimatedDeliverySet: { estimatedDelivery: no },
  CustomerNotesChanged: { customerNotes: nothing },
  FitterNotesChanged: { fitterNotes: nothing },
  SpecDocumentAttached: { documentUrl: nothing },
  ItemStatusChanged: { itemId: no, status: no, previousStatus: no },
  ItemEstimatedDeliverySet: { itemId: no, estimatedDelivery: no },
  ItemManufacturerChanged: { itemId: no, manufacturer: no },
  CustomerNotificationRequested: {
    notificationId: no,
    recipientEmail: identifiesCustomer,
    emailType: no,
    // Staff may type a subject of their own, and it may greet the customer by name.
    subject: omitted,
    requestedBy: no,
    resendOf: no,
    orderNumber: no,
    orderVersion: no,
    // A delay notice names the item and its estimate; a digest lists order numbers, items and reasons.
    delay: no,
    digest: no,
  },
  EmailSent: { notificationId: no, attempt: no, providerMessageId: no, subject: omitted, possibleDuplicate: no },
  // The error is the transport's own message (a status, a timeout), never the message's content.
  EmailDeliveryFailed: { notificationId: no, attempt: no, error: no, nextAttemptAt: no, subject: omitted },
  EmailRetryRequested: { notificationId: no, requestedBy: no },
  CustomerImported: {
    email: identifiesCustomer,
    customerName: name,
    firstName: erasedAs(''),
    lastName: erasedAs(''),
    phone: nothing,
  },
  // Who erased whom is in the metadata and the stream name (a customer id); the reason is the studio's.
  CustomerErased: { reason: no, orderNumbers: no, notificationIds: no },
  // A staff push names orders, items and why they need attention (as the digest does), never the customer.
  AttentionPushRequested: { pushId: no, subscriptionId: no, count: no, entries: no },
  // A push's title names the order and the item, never the person; the error is the push service's status.
  PushSent: {
    pushId: no,
    notificationId: no,
    orderNumber: no,
    attempt: no,
    pushService: no,
    title: no,
    possibleDuplicate: no,
  },
  PushDeliveryFailed: {
    pushId: no,
    notificationId: no,
    orderNumber: no,
    attempt: no,
    pushService: no,
    error: no,
    nextAttemptAt: no,
    subscriptionRemoved: no,
  },
} as const satisfies Decisions;

export type PersonalFieldEventType = keyof typeof personalFields;

/** The decisions of one event type's fields; undefined for a type we do not know (left as stored). */
export const decisionsOf = (type: string): Record<string, FieldDecision> | undefined =>
  Object.hasOwn(personalFields, type) ? personalFields[type as PersonalFieldEventType] : undefined;
