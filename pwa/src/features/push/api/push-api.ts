import {
  type NotificationPreferences,
  notificationPreferencesSchema,
  pushSubscribedSchema,
  vapidPublicKeySchema,
} from '@ot/contracts/push/push-views.ts';
import { queryOptions } from '@tanstack/react-query';
import { getJson, request } from '../../../lib/api-client.ts';
import { deviceSubscription } from '../../../lib/push-device.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const pushKeys = {
  all: ['push'] as const,
  preferences: () => [...pushKeys.all, 'preferences'] as const,
  device: () => [...pushKeys.all, 'device'] as const,
  setPreferences: ['push', 'set-preferences'] as const,
};

/** GET /api/push/preferences: email, push or both. */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: pushKeys.preferences(),
    queryFn: ({ signal }) => getJson('/api/push/preferences', notificationPreferencesSchema, signal),
  });

/** Whether this device is subscribed: the browser's own answer, asked again after each change. */
export const deviceQuery = () =>
  queryOptions({
    queryKey: pushKeys.device(),
    queryFn: async () => ({ subscribed: (await deviceSubscription().catch(() => null)) !== null }),
    networkMode: 'always',
  });

const setPreferences = async (preferences: NotificationPreferences) =>
  (await request('/api/push/preferences', notificationPreferencesSchema, { method: 'PUT', body: preferences })).data;

queryClient.setMutationDefaults(pushKeys.setPreferences, {
  mutationFn: setPreferences,
  onSuccess: (saved) => queryClient.setQueryData(pushKeys.preferences(), saved),
});

/**
 * Subscribe this device with the studio's VAPID key and tell the server. Asked only after the customer's
 * tap (the browser shows its permission prompt then); every push shows a notification (userVisibleOnly).
 */
export async function subscribeDevice(): Promise<void> {
  const { publicKey } = await getJson('/api/push/vapid-public-key', vapidPublicKeySchema);
  const registration = await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    await request('/api/push/subscriptions', pushSubscribedSchema, { method: 'POST', body: subscription.toJSON() });
  } catch (error) {
    // A subscription the server does not know would look "on" here and never get a push.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}
