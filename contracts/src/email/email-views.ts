import { z } from 'zod';
import {
  DEFAULT_EMAIL_LOG_PAGE_SIZE,
  DEFAULT_EMAIL_STATS_DAYS,
  deliveryStatuses,
  emailEventLimits,
  emailLogPageSizes,
  notificationIdPattern,
} from './email-fields.ts';

/** One row of the email event log: one requested email, updated as its delivery goes on. */
export const emailEventViewSchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  recipientEmail: z.string(),
  emailType: z.string(),
  status: z.string().nullable(),
  subject: z.string().nullable(),
  sentAt: z.string(),
  deliveryStatus: z.enum(deliveryStatuses),
  notes: z.string().nullable(),
  adminUser: z.string().nullable(),
  /** Failed attempts in the current round (0..3). */
  retryCount: z.number().int(),
  nextAttempt: z.string().nullable(),
  resendOf: z.string().nullable(),
  /** Sent after a crash lost an earlier attempt's outcome: the customer may have received it twice. */
  possibleDuplicate: z.boolean(),
});
export type EmailEventView = z.infer<typeof emailEventViewSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const emailEventsPageSchema = z.object({
  events: z.array(emailEventViewSchema),
  pagination: paginationSchema,
});
export type EmailEventsPage = z.infer<typeof emailEventsPageSchema>;

export const emailStatsSchema = z.object({
  totalEvents: z.number().int(),
  period: z.string(),
  summary: z.array(z.object({ delivery_status: z.string(), total_count: z.number().int() })),
  /** Emails of the period that may have reached the customer twice (a crash lost an attempt's outcome). */
  possibleDuplicates: z.number().int(),
});
export type EmailStats = z.infer<typeof emailStatsSchema>;

export const retryQueueEntrySchema = z.object({
  id: z.string(),
  orderNumber: z.string().nullable(),
  recipientEmail: z.string(),
  retryCount: z.number().int(),
  nextAttempt: z.string(),
});
export const retryQueueSchema = z.object({
  queueSize: z.number().int(),
  emails: z.array(retryQueueEntrySchema),
});
export type RetryQueue = z.infer<typeof retryQueueSchema>;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const positiveInt = (name: string, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(1, `${name} must be at least 1`)
      .default(fallback),
  );

/** GET /api/admin/email-events query string; 'all' (or nothing) means no delivery-status filter. */
export const emailEventsQuerySchema = z.object({
  orderNumber: z.preprocess(blankToUndefined, z.string().trim().max(emailEventLimits.orderNumber).optional()),
  recipient: z.preprocess(blankToUndefined, z.string().trim().max(emailEventLimits.recipientEmail).optional()),
  deliveryStatus: z.preprocess(
    (value) => (blankToUndefined(value) === 'all' ? undefined : blankToUndefined(value)),
    z.enum(deliveryStatuses, { error: `deliveryStatus must be one of ${deliveryStatuses.join(', ')}` }).optional(),
  ),
  page: positiveInt('page', 1).pipe(z.number().max(1_000_000, 'page is too large')),
  limit: positiveInt('limit', DEFAULT_EMAIL_LOG_PAGE_SIZE).refine(
    (limit) => (emailLogPageSizes as readonly number[]).includes(limit),
    `limit must be one of ${emailLogPageSizes.join(', ')}`,
  ),
});
export type EmailEventsQuery = z.infer<typeof emailEventsQuerySchema>;

export const emailStatsQuerySchema = z.object({
  days: positiveInt('days', DEFAULT_EMAIL_STATS_DAYS).pipe(z.number().max(3650, 'days must be at most 3650')),
});

export const notificationIdSchema = z.string().regex(notificationIdPattern, 'Invalid email event id');

export const testEmailRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(emailEventLimits.recipientEmail, `Email must be at most ${emailEventLimits.recipientEmail} characters`)
    .pipe(z.email('Invalid email')),
});

/** What the three email commands answer: the request is recorded; the notifier sends it. */
export const emailCommandResponseSchema = z.object({
  message: z.string(),
  notificationId: z.string(),
  orderNumber: z.string().nullable().optional(),
});
export type EmailCommandResponse = z.infer<typeof emailCommandResponseSchema>;

/** GET /api/admin/dev-mailbox query string. */
export const devMailboxQuerySchema = z.object({
  notificationId: notificationIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
