import { request } from './api-client.ts';

/** Any answer: the caller only needs to know the request went through. */
const anyAnswer = () => import('zod').then(({ z }) => z.unknown());

/** The browser's push subscription for this app on this device, when it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * This device stops getting pushes (turned off, or its user signs out): the server forgets its endpoint,
 * and the browser drops the subscription, so even a server that did not hear (offline) gets a 410 from
 * the push service at its next push and forgets it then.
 */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await deviceSubscription().catch(() => null);
  if (!subscription) return;
  await request('/api/push/subscriptions', anyAnswer, {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  }).catch(() => {});
  await subscription.unsubscribe().catch(() => false);
}
