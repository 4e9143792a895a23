import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { ReceivedPush, StandInSubscription } from '../../tests/support/push-service-stand-in.ts';

/** The local push service the e2e stack pushes to (started by the global setup). */
function standInUrl(path: string): string {
  const origin = process.env.E2E_PUSH_SERVICE_ORIGIN;
  if (!origin)
    throw new Error('E2E_PUSH_SERVICE_ORIGIN is not set: these tests need the stack the global setup starts');
  return new URL(path, origin).toString();
}

/**
 * Chromium's own push service is Google's, which nothing here may reach. The browser's side of it (what
 * `pushManager.subscribe()` and `getSubscription()` answer) is played by the local push service instead:
 * the page gets a subscription at the stand-in, so the server's pushes go there, encrypted for keys the
 * stand-in holds; a test then hands what arrived to the service worker as Chromium would
 * (`ServiceWorker.deliverPushMessage`). The app's code, the service worker and the server are untouched.
 */
export async function useStandInPushService(context: BrowserContext): Promise<StandInSubscription> {
  const subscription = (await (
    await fetch(standInUrl('/__stand-in/subscriptions'), { method: 'POST' })
  ).json()) as StandInSubscription;
  await context.addInitScript((json) => {
    const key = 'e2e-push-subscription';
    const asSubscription = () => ({
      ...json,
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(key);
        return true;
      },
    });
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem(key, '1');
      return asSubscription() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      (localStorage.getItem(key) ? asSubscription() : null) as unknown as PushSubscription | null;
  }, subscription);
  return subscription;
}

export async function receivedPushes(endpoint: string): Promise<ReceivedPush[]> {
  const answer = await fetch(standInUrl(`/__stand-in/received?endpoint=${encodeURIComponent(endpoint)}`));
  return (await answer.json()) as ReceivedPush[];
}

/** Wait for the server's push to reach the push service, and return its decrypted text. */
export async function nextPush(endpoint: string, count = 1): Promise<string> {
  let pushes: ReceivedPush[] = [];
  await expect
    .poll(
      async () => {
        pushes = await receivedPushes(endpoint);
        return pushes.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return pushes[count - 1]?.text ?? '';
}

/** Deliver a push message to the page's service worker through the DevTools protocol, as a push service would. */
export async function deliverPush(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      const ours = list.find((registration: { scopeURL: string; isDeleted: boolean }) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId, data });
  await cdp.detach();
}

/** The notifications the app's service worker is showing. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
  });

/** What a "Block" in the browser's prompt or settings leaves: Playwright can only grant, the protocol can deny. */
export async function blockNotifications(page: Page, origin: string | undefined): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin,
    browserContextId: targetInfo.browserContextId,
  });
}
