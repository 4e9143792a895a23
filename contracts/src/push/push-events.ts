import { z } from 'zod';
import { type EventOf, eventParser, type RecordedEventOf } from '../events/event-family.ts';
import { attentionFlags } from '../insights/attention.ts';

/** Where one push message's outcomes are recorded: its own stream, as an email's are. */
export const pushStreamPrefix = 'push-';
export const pushStream = (pushId: string): string => `${pushStreamPrefix}${pushId}`;

/** How many of a staff push's entries it names; the rest are counted. */
export const ATTENTION_PUSH_NAMED = 3;

/**
 * A push message's request (a staff device's) and outcomes, one per attempt. A customer's was requested
 * by the order update's CustomerNotificationRequested (one message per subscription the customer had
 * then) and each outcome names the order, so the order's history finds it; a staff device's names none.
 */
export const pushEventSchemas = {
  /** Items entered the "Needs attention" list since a staff device's previous look: one push to it. */
  AttentionPushRequested: z.object({
    pushId: z.string(),
    subscriptionId: z.string(),
    /** How many (item, flag) entries were new to the device. */
    count: z.number().int().positive(),
    /** The first ATTENTION_PUSH_NAMED of them, most pressing first. */
    entries: z.array(
      z.object({
        orderNumber: z.string(),
        itemId: z.string(),
        itemName: z.string(),
        flag: z.enum(attentionFlags),
        reason: z.string(),
      }),
    ),
  }),
  PushSent: z.object({
    pushId: z.string(),
    notificationId: z.string(),
    /** Absent for a staff device's attention push. */
    orderNumber: z.string().optional(),
    attempt: z.number().int(),
    /** The push service's origin (the endpoint itself is a device's secret address). */
    pushService: z.string(),
    title: z.string(),
    possibleDuplicate: z.boolean().optional(),
  }),
  PushDeliveryFailed: z.object({
    pushId: z.string(),
    notificationId: z.string(),
    orderNumber: z.string().optional(),
    attempt: z.number().int(),
    pushService: z.string(),
    error: z.string(),
    /** Null when it will not be tried again. */
    nextAttemptAt: z.string().nullable(),
    /** The push service said the subscription is gone (404/410): it was deleted. */
    subscriptionRemoved: z.boolean(),
  }),
} as const;

export type PushEvent = EventOf<typeof pushEventSchemas>;
/** What one attempt at a push came to. */
export type PushOutcome = Exclude<PushEvent, { type: 'AttentionPushRequested' }>;
export type RecordedPushEvent = RecordedEventOf<typeof pushEventSchemas>;

export const parsePushEvent = eventParser(pushEventSchemas);
