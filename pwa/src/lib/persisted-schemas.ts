import { auditEventSchema, auditVerificationSchema } from '@ot/contracts/audit/audit-views.ts';
import { sessionUserSchema } from '@ot/contracts/auth/auth-schemas.ts';
import { appConfigSchema } from '@ot/contracts/config/app-config.ts';
import { renderedDocumentSchema } from '@ot/contracts/documents/document-views.ts';
import { emailEventsPageSchema, emailStatsSchema, retryQueueSchema } from '@ot/contracts/email/email-views.ts';
import { adminOrdersPageSchema } from '@ot/contracts/orders/admin-order-list.ts';
import {
  nextOrderNumberSchema,
  orderItemViewSchema,
  orderListSchema,
  orderViewSchema,
  timelineEntrySchema,
} from '@ot/contracts/orders/order-views.ts';
import { z } from 'zod';

/**
 * What a persisted query's data must look like, by its key (the features' key factories). Data read
 * back from the device is parsed like an answer from the server; a query not listed here is not kept.
 */
const byKey: [match: readonly (string | null)[], schema: z.ZodType][] = [
  [['auth', 'me'], sessionUserSchema.nullable()],
  [['config'], appConfigSchema],
  [['orders', 'customer'], orderListSchema],
  [['orders', 'detail', null], orderViewSchema],
  [['orders', 'detail', null, 'items'], z.array(orderItemViewSchema)],
  [['orders', 'detail', null, 'timeline'], z.array(timelineEntrySchema)],
  [['documents', 'render', null], renderedDocumentSchema],
  // The admin dashboard keeps the pages it loaded (never the whole history).
  [
    ['admin', 'orders', 'pages', null],
    z.object({ pages: z.array(adminOrdersPageSchema), pageParams: z.array(z.string()) }),
  ],
  [['admin', 'order', null], orderViewSchema],
  [['admin', 'next-order-number'], nextOrderNumberSchema],
  [['email-logs', 'events', null], emailEventsPageSchema],
  [['email-logs', 'stats', null], emailStatsSchema],
  [['email-logs', 'retry-queue'], retryQueueSchema],
  [['audit', 'events', null], z.array(auditEventSchema)],
  [['audit', 'as-of', null, null], orderViewSchema],
  [['audit', 'verify'], auditVerificationSchema],
];

/** A null in a pattern matches any one key part; a longer key matches only a pattern as long. */
const matches = (pattern: readonly (string | null)[], key: readonly unknown[]) =>
  pattern.length === key.length && pattern.every((part, index) => part === null || part === key[index]);

export function persistedSchemaFor(key: readonly unknown[]): z.ZodType | undefined {
  return byKey.find(([pattern]) => matches(pattern, key))?.[1];
}
