import { customerEventSchemas } from '../customers/customer-events.ts';
import { emailEventSchemas } from '../email/email-events.ts';
import { orderEventSchemas } from '../orders/order-events.ts';
import { pushEventSchemas } from '../push/push-events.ts';
import { eventParser, type RecordedEventOf } from './event-family.ts';

/**
 * Every event of every stream family, for those who follow all of them (the projector, the notifier).
 * A decider works with its own family's events (`OrderEvent`, `EmailEvent`, `CustomerEvent`).
 */
export const domainEventSchemas = {
  ...orderEventSchemas,
  ...emailEventSchemas,
  ...customerEventSchemas,
  ...pushEventSchemas,
} as const;

export type RecordedDomainEvent = RecordedEventOf<typeof domainEventSchemas>;

export const parseDomainEvent = eventParser(domainEventSchemas);
