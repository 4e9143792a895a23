import { z } from 'zod';
import { manufacturers } from '../orders/item-status.ts';
import { isIsoDate } from '../orders/order-fields.ts';
import { attentionFlags } from './attention.ts';
import { stageNames } from './stages.ts';

const day = (name: string) =>
  z
    .string()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isIsoDate(value), {
      message: `${name} must be a date such as 2026-03-05`,
    })
    .optional();

export const attentionSorts = [
  'flag',
  'daysInStage',
  'estimatedDelivery',
  'predictedReadyDate',
  'orderNumber',
] as const;

/** Rows an attention list answers with unless asked for fewer or more: a studio's week, never its whole history. */
export const DEFAULT_ATTENTION_LIMIT = 500;

/** GET /api/admin/attention: every flagged open item, or those of one flag or manufacturer. */
export const attentionQuerySchema = z.object({
  flag: z.enum(attentionFlags, { error: `flag must be one of ${attentionFlags.join(', ')}` }).optional(),
  manufacturer: z.enum(manufacturers, { error: `manufacturer must be one of ${manufacturers.join(', ')}` }).optional(),
  sort: z.enum(attentionSorts, { error: `sort must be one of ${attentionSorts.join(', ')}` }).optional(),
  /** The first rows only (in the sort's order); `total` still counts them all. */
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 5000' })
    .int('limit must be a whole number from 1 to 5000')
    .min(1, 'limit must be a whole number from 1 to 5000')
    .max(5000, 'limit must be a whole number from 1 to 5000')
    .default(DEFAULT_ATTENTION_LIMIT),
});

export type AttentionQuery = z.infer<typeof attentionQuerySchema>;

export const attentionItemSchema = z.object({
  orderNumber: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  manufacturer: z.string().nullable(),
  status: z.string(),
  flag: z.enum(attentionFlags),
  reason: z.string(),
  estimatedDelivery: z.string().nullable(),
  /** When its current stage should end (median). */
  predictedStageEnd: z.string().nullable(),
  /** When it should be ready for collection (median of the stages ahead). */
  predictedReadyDate: z.string().nullable(),
  /** The same with the 80th percentiles. */
  likelyBy: z.string().nullable(),
  daysInStage: z.number().int(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const attentionListSchema = z.object({ items: z.array(attentionItemSchema), total: z.number().int() });
export type AttentionList = z.infer<typeof attentionListSchema>;

/** A window of studio-local days, `from` and `to` both included; by default the last 365 days. */
export const dateRangeQuerySchema = z
  .object({ from: day('from'), to: day('to') })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

export const leadTimeGroupSchema = z.object({
  manufacturer: z.string().nullable(),
  itemType: z.string(),
  stage: z.enum(stageNames),
  count: z.number().int(),
  medianDays: z.number(),
  p80Days: z.number(),
  fallback: z.enum(['manufacturer', 'studio']).nullable(),
});

export const leadTimesSchema = z.object({
  from: z.string(),
  to: z.string(),
  groups: z.array(leadTimeGroupSchema),
});
export type LeadTimesView = z.infer<typeof leadTimesSchema>;

/** The insights page: what the studio's history says, over a window of days. */
export const insightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Per manufacturer and stage, all item types together. */
  leadTimes: z.array(
    z.object({
      manufacturer: z.string().nullable(),
      stage: z.enum(stageNames),
      count: z.number().int(),
      medianDays: z.number(),
      p80Days: z.number(),
    }),
  ),
  /** Items ready for collection per month, and how many of them by their first ETA. */
  onTime: z.array(z.object({ month: z.string(), ready: z.number().int(), onTime: z.number().int() })),
  /** Open items now in each status. */
  inStage: z.array(z.object({ status: z.string(), count: z.number().int() })),
  /** Orders completed per month. */
  completed: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type Insights = z.infer<typeof insightsSchema>;

/** The delay notice an admin reads before sending it. */
export const delayNoticePreviewSchema = z.object({
  recipientEmail: z.string(),
  subject: z.string(),
  text: z.string(),
  predictedReadyDate: z.string(),
  likelyBy: z.string().nullable(),
  /** DELAY_NOTICES: manual (staff send), auto (sent when an item first trends late) or off. */
  mode: z.enum(['manual', 'auto', 'off']),
});
export type DelayNoticePreview = z.infer<typeof delayNoticePreviewSchema>;
