import { z } from 'zod';
import { type EventOf, eventParser, type RecordedEventOf } from '../events/event-family.ts';

/**
 * An email's life: requested (in the stream of the change that caused it, or in the email's own stream
 * `email-<notificationId>` for a test email or a resend), then each delivery outcome in the email's stream.
 */
export const emailEventSchemas = {
  CustomerNotificationRequested: z.object({
    notificationId: z.string(),
    recipientEmail: z.string(),
    emailType: z.string(),
    subject: z.string().optional(),
    requestedBy: z.string().nullable().optional(),
    resendOf: z.string().nullable().optional(),
    /** Which order, and at which version its content is shown, when the request is not in the order's stream (a resend). */
    orderNumber: z.string().nullable().optional(),
    orderVersion: z.number().int().nullable().optional(),
    /** A "taking longer than usual" notice: the item and its new estimate, as computed when it was asked for. */
    delay: z
      .object({
        itemId: z.string(),
        itemName: z.string(),
        readyBy: z.string(),
        likelyBy: z.string().nullable(),
      })
      .optional(),
    /** The daily digest to staff: its day and the attention list's lines at the time it was asked for. */
    digest: z.object({ day: z.string(), lines: z.array(z.string()) }).optional(),
  }),
  EmailSent: z.object({
    notificationId: z.string(),
    attempt: z.number().int(),
    providerMessageId: z.string().nullable().optional(),
    subject: z.string().optional(),
    /** An earlier attempt's outcome was lost in a crash: the customer may have this email twice. */
    possibleDuplicate: z.boolean().optional(),
  }),
  EmailDeliveryFailed: z.object({
    notificationId: z.string(),
    attempt: z.number().int(),
    error: z.string(),
    /** Null when the email will not be tried again (a rejection, or the last attempt). */
    nextAttemptAt: z.string().nullable(),
    subject: z.string().optional(),
  }),
  EmailRetryRequested: z.object({
    notificationId: z.string(),
    requestedBy: z.string().nullable(),
  }),
} as const;

export type EmailEvent = EventOf<typeof emailEventSchemas>;
export type RecordedEmailEvent = RecordedEventOf<typeof emailEventSchemas>;

export const parseEmailEvent = eventParser(emailEventSchemas);

/** Where one email's delivery stands, folded from its own stream. */
export type DeliveryState = 'unrecorded' | 'pending' | 'retrying' | 'sent' | 'failed';

export const initialDeliveryState = (): DeliveryState => 'unrecorded';

/** Each event says where the email now stands, whatever came before. */
export function evolve(_state: DeliveryState, event: EmailEvent): DeliveryState {
  switch (event.type) {
    case 'CustomerNotificationRequested':
    case 'EmailRetryRequested':
      return 'pending';
    case 'EmailSent':
      return 'sent';
    case 'EmailDeliveryFailed':
      return event.data.nextAttemptAt ? 'retrying' : 'failed';
  }
}

export const deliveryStateOf = (events: readonly EmailEvent[]): DeliveryState =>
  events.reduce(evolve, initialDeliveryState());
