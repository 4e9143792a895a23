import { z } from 'zod';
import { type EventOf, eventParser, type RecordedEventOf } from '../events/event-family.ts';

/**
 * A customer known before any order (from an import) has a stream of their own, named by the
 * lowercased email: the stream is what makes importing the same person twice a no-op.
 */
export const customerEventSchemas = {
  CustomerImported: z.object({
    email: z.string(),
    customerName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
  }),
  /**
   * The customer's data key was destroyed (the right to erasure): what was encrypted with it reads as
   * erased from now on. No personal data: the stream is named by the customer's id, the actor is who
   * erased them, and the orders and emails are named by number and id so their read models are blanked.
   */
  CustomerErased: z.object({
    reason: z.string(),
    orderNumbers: z.array(z.string()),
    notificationIds: z.array(z.string()),
  }),
} as const;

export type CustomerEvent = EventOf<typeof customerEventSchemas>;
export type RecordedCustomerEvent = RecordedEventOf<typeof customerEventSchemas>;

export const parseCustomerEvent = eventParser(customerEventSchemas);

/** The fold of a customer stream: null until imported. */
export type CustomerState = CustomerEvent['data'] | null;

export const initialCustomerState = (): CustomerState => null;

export function evolve(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerImported':
      return state ?? event.data;
    case 'CustomerErased':
      return null;
  }
}

export const customerStreamPrefix = 'customer-';
/**
 * Named by the lowercased email as commands see it; the event store keeps it under the customer's id
 * instead (infra/src/privacy/encrypting-event-store.ts), so no stream name holds an email.
 */
export const customerStream = (email: string): string => `${customerStreamPrefix}${email.trim().toLowerCase()}`;
