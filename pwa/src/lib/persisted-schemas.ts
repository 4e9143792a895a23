import { auditEventSchema, auditVerificationSchema } from '@ot/contracts/audit/audit-views.ts';
import { emailEventsPageSchema, emailStatsSchema, retryQueueSchema } from '@ot/contracts/email/email-views.ts';
import { adminOrdersPageSchema } from '@ot/contracts/orders/admin-order-list.ts';
import { nextOrderNumberSchema, orderViewSchema } from '@ot/contracts/orders/order-views.ts';
import { z } from 'zod';
import { customerSchemas, type PersistedSchemas, schemaIn } from './persisted-customer-schemas.ts';

/**
 * What a persisted query's data must look like, by its key (the features' key factories), on a staff
 * member's device: the customer's screens and the staff screens. Data read back from the device is parsed
 * like an answer from the server; a query not listed here is not kept.
 */
const staffSchemas: PersistedSchemas = [
  ...customerSchemas,
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

export const persistedSchemaFor = (key: readonly unknown[]) => schemaIn(staffSchemas, key);
