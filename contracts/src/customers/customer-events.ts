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
  }
}

export const customerStreamPrefix = 'customer-';
export const customerStream = (email: string): string => `${customerStreamPrefix}${email.trim().toLowerCase()}`;
