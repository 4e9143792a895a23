import { z } from 'zod';
import { type EventOf, eventParser, type RecordedEventOf } from '../events/event-family.ts';

/** Where one push message's outcomes are recorded: its own stream, as an email's are. */
export const pushStreamPrefix = 'push-';
export const pushStream = (pushId: string): string => `${pushStreamPrefix}${pushId}`;

/**
 * A push message's outcomes, one per attempt. It was requested by the order update's
 * CustomerNotificationRequested (one message per subscription the customer had then); each outcome
 * names the order, so the order's history finds it.
 */
export const pushEventSchemas = {
  PushSent: z.object({
    pushId: z.string(),
    notificationId: z.string(),
    orderNumber: z.string(),
    attempt: z.number().int(),
    /** The push service's origin (the endpoint itself is a device's secret address). */
    pushService: z.string(),
    title: z.string(),
    possibleDuplicate: z.boolean().optional(),
  }),
  PushDeliveryFailed: z.object({
    pushId: z.string(),
    notificationId: z.string(),
    orderNumber: z.string(),
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
export type RecordedPushEvent = RecordedEventOf<typeof pushEventSchemas>;

export const parsePushEvent = eventParser(pushEventSchemas);
