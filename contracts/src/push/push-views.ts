import { z } from 'zod';

const base64UrlBytes = (bytes: number, message: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, message);

/** A browser's `PushSubscription.toJSON()`: where to send, and the keys to encrypt for (RFC 8291). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'The endpoint must be an http(s) URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64UrlBytes(65, 'keys.p256dh must be an uncompressed P-256 public key (base64url)'),
    auth: base64UrlBytes(16, 'keys.auth must be 16 bytes (base64url)'),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1, 'Required').max(2048) });

export const pushSubscribedSchema = z.object({ subscribed: z.literal(true) });

/** The key the browser subscribes with (`applicationServerKey`), base64url. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** How a customer hears of updates: by email, by push to their devices, or both (no choice yet: both). */
export const notificationChannels = ['email', 'push', 'both'] as const;
export const notificationPreferencesSchema = z.object({ channels: z.enum(notificationChannels) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
