import { sessionUserSchema } from '@ot/contracts/auth/auth-schemas.ts';
import { appConfigSchema } from '@ot/contracts/config/app-config.ts';
import { renderedDocumentSchema } from '@ot/contracts/documents/document-views.ts';
import {
  orderItemViewSchema,
  orderListSchema,
  orderViewSchema,
  timelineEntrySchema,
} from '@ot/contracts/orders/order-views.ts';
import { z } from 'zod';

/** Query key patterns (a null matches any one key part) and the schema their data must fit. */
export type PersistedSchemas = readonly (readonly [match: readonly (string | null)[], schema: z.ZodType])[];

/**
 * What a customer's screens keep on the device, by query key (the features' key factories). A customer's
 * device loads only these (persisted-cache.ts): the staff screens' schemas (persisted-schemas.ts) are
 * never part of a customer's start, so a returning customer's page is not held up evaluating them.
 */
export const customerSchemas: PersistedSchemas = [
  [['auth', 'me'], sessionUserSchema.nullable()],
  [['config'], appConfigSchema],
  [['orders', 'customer'], orderListSchema],
  [['orders', 'detail', null], orderViewSchema],
  [['orders', 'detail', null, 'items'], z.array(orderItemViewSchema)],
  [['orders', 'detail', null, 'timeline'], z.array(timelineEntrySchema)],
  [['documents', 'render', null], renderedDocumentSchema],
];

/** A null in a pattern matches any one key part; a longer key matches only a pattern as long. */
const matches = (pattern: readonly (string | null)[], key: readonly unknown[]) =>
  pattern.length === key.length && pattern.every((part, index) => part === null || part === key[index]);

export function schemaIn(schemas: PersistedSchemas, key: readonly unknown[]): z.ZodType | undefined {
  return schemas.find(([pattern]) => matches(pattern, key))?.[1];
}

export const persistedSchemaFor = (key: readonly unknown[]) => schemaIn(customerSchemas, key);
