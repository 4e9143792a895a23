import type { Page } from '@playwright/test';
import pg from 'pg';
import { blockNotifications, useStandInPushService } from './support/push.ts';
import { expect, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

async function subscribed(endpoint: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as n from push.subscriptions where endpoint = $1', [
      endpoint,
    ]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** The admin dashboard with its "Needs attention" list open. */
async function openAttention(page: Page) {
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: /^Needs attention/ }).click();
  await expect(page.getByRole('heading', { name: /^Needs attention/ })).toBeVisible();
}

const TURN_ON = 'Tell this device when items need attention';

test.describe('staff: told on this device when items need attention', () => {
  test('the control is off until tapped (nothing asked before), on after the tap, and turns off again', async ({
    page,
    context,
    baseURL,
  }) => {
    const subscription = await useStandInPushService(context);
    await signInAsAdmin(page);
    await openAttention(page);
    const turnOn = page.getByRole('button', { name: TURN_ON });
    await expect(turnOn).toBeVisible();
    await expect(page.getByText('Off: this device is not told when items need attention.')).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    await context.grantPermissions(['notifications'], { origin: baseURL });
    await turnOn.click();
    await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();
    await expect(
      page.getByText('On: this device shows a notification when an item enters Needs attention.'),
    ).toBeVisible();
    expect(await subscribed(subscription.endpoint)).toBe(1);

    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(turnOn).toBeVisible();
    await expect.poll(() => subscribed(subscription.endpoint)).toBe(0);
  });

  test('blocked by the browser, the control says so', async ({ page, baseURL }) => {
    await signInAsAdmin(page);
    await blockNotifications(page, baseURL);
    await openAttention(page);
    await expect(page.getByText(/Notifications are blocked for this app in your browser's settings/)).toBeVisible();
    await expect(page.getByRole('button', { name: TURN_ON })).toHaveCount(0);
  });

  test("a staff push's tap address opens the dashboard on the list", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard?view=attention');
    await expect(page.getByRole('heading', { name: /^Needs attention/ })).toBeVisible();
  });
});

test.describe('on an iPhone, outside the installed app', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('the staff control explains how to add the app to the Home Screen', async ({ page }) => {
    await signInAsAdmin(page);
    await openAttention(page);
    const steps = page.getByTestId('push-add-to-home-screen');
    await expect(steps).toContainText('when items need attention, add the app to your Home Screen');
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: TURN_ON })).toHaveCount(0);
  });
});

test('a subscription the browser rotates is sent to the server and the old one forgotten', async ({
  page,
  context,
  studio,
}) => {
  const old = await useStandInPushService(context);
  const order = await studio.addOrder({
    customerEmail: `rotate.${Math.random().toString(36).slice(2, 10)}@example.com`,
  });
  await signInAsCustomer(page, order.customerEmail, order.orderNumber);
  await page.goto('/dashboard');
  const saved = await page.request.post('/api/push/subscriptions', { data: old });
  expect(saved.status()).toBe(201);
  const renewed = { ...old, endpoint: `${old.endpoint}-renewed` };
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const [worker] = context.serviceWorkers();
  expect(worker, 'the app has a service worker').toBeTruthy();
  // Chromium never fires pushsubscriptionchange itself: the worker's handler is run as the browser would,
  // with the new subscription given (subscribing in the worker would ask Google's push service).
  await worker?.evaluate(
    async ({ before, after }) => {
      const scope = self as unknown as { dispatchEvent(event: Event): boolean };
      const Extendable = (self as unknown as { ExtendableEvent: new (type: string) => Event }).ExtendableEvent;
      const event = new Extendable('pushsubscriptionchange');
      const asSubscription = (json: typeof before) => ({ ...json, toJSON: () => json });
      Object.defineProperty(event, 'oldSubscription', { value: asSubscription(before) });
      Object.defineProperty(event, 'newSubscription', { value: asSubscription(after) });
      scope.dispatchEvent(event);
    },
    { before: old, after: renewed },
  );
  await expect.poll(() => subscribed(renewed.endpoint)).toBe(1);
  await expect.poll(() => subscribed(old.endpoint)).toBe(0);
});
