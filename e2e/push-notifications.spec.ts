import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import pg from 'pg';
import {
  blockNotifications,
  deliverPush,
  nextPush,
  shownNotifications,
  useStandInPushService,
} from './support/push.ts';
import type { StudioApi } from './support/studio-api.ts';
import { expect, PHONE, signInAsCustomer, test } from './support/test.ts';

test.use({ viewport: PHONE });

const uniqueEmail = () => `push.${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Staff change an item's status with Notify Customer ticked. */
async function changeItem(studio: StudioApi, order: OrderView, index: number, status: string): Promise<void> {
  const item = order.items[index];
  const answer = await studio.http.patch(
    `/api/admin/orders/${encodeURIComponent(order.orderNumber)}/items/${encodeURIComponent(item?.id ?? '')}`,
    { data: { status }, headers: { 'x-send-email': 'true' } },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function subscriptionsOf(email: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select count(*)::int as n from push.subscriptions s join auth.users u on u.id = s.user_id where u.email = $1',
      [email],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

const serviceWorkerReady = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });

test.describe('push notifications on this phone', () => {
  test('the control is off until tapped (nothing asked before), on after the tap, and turns off again', async ({
    page,
    context,
    studio,
    baseURL,
  }) => {
    const subscription = await useStandInPushService(context);
    const order = await studio.addOrder({ customerEmail: uniqueEmail() });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto('/dashboard');
    const turnOn = page.getByRole('button', { name: 'Get updates on this phone' });
    await expect(turnOn).toBeVisible();
    await expect(page.getByText('Off: updates come by email.')).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    await context.grantPermissions(['notifications'], { origin: baseURL });
    await turnOn.click();
    await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();
    await expect(page.getByText('On: this phone shows a notification when your order changes.')).toBeVisible();
    expect(await subscriptionsOf(order.customerEmail)).toBe(1);

    // The server now pushes this customer's updates to that subscription.
    await changeItem(studio, order, 0, 'order_arrived_awaiting_qc');
    const message = JSON.parse(await nextPush(subscription.endpoint));
    expect(message.notification.title).toBe(`${order.orderNumber}: ${order.items[0]?.name}`);

    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(turnOn).toBeVisible();
    await expect.poll(() => subscriptionsOf(order.customerEmail)).toBe(0);
  });

  test('the Notifications panel saves email, push or both', async ({ page, studio }) => {
    const order = await studio.addOrder({ customerEmail: uniqueEmail() });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto('/dashboard');
    const panel = page.getByRole('group', { name: 'Notifications' });
    await expect(panel.getByRole('radio', { name: 'Both' })).toBeChecked();
    await panel.getByRole('radio', { name: 'Email' }).check();
    await expect(panel.getByRole('radio', { name: 'Email' })).toBeEnabled();
    await page.reload();
    await expect(
      page.getByRole('group', { name: 'Notifications' }).getByRole('radio', { name: 'Email' }),
    ).toBeChecked();
  });

  test('blocked by the browser, the control says so', async ({ page, studio, baseURL }) => {
    const order = await studio.addOrder({ customerEmail: uniqueEmail() });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await blockNotifications(page, baseURL);
    await page.goto('/dashboard');
    await expect(page.getByText(/Notifications are blocked for this app in your browser's settings/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get updates on this phone' })).toHaveCount(0);
  });

  test('a push from the server shows its notification; a tap on it opens the order; signing out unsubscribes', async ({
    page,
    context,
    studio,
    baseURL,
  }) => {
    const subscription = await useStandInPushService(context);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    const order = await studio.addOrder({ customerEmail: uniqueEmail() });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    // The order page has the control too.
    await page.goto(`/orders/${order.orderNumber}`);
    await page.getByRole('button', { name: 'Get updates on this phone' }).click();
    await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();

    await changeItem(studio, order, 1, 'order_checked_ready_for_collection');
    const data = await nextPush(subscription.endpoint);
    await page.goto('/dashboard');
    await serviceWorkerReady(page);
    await deliverPush(page, data);
    const title = `${order.orderNumber}: ${order.items[1]?.name}`;
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => `${n.title} | ${n.body}`))
      .toEqual([`${title} | Order Checked & Ready For Collection`]);

    // Headless Chromium has no notification to click: the worker's own notificationclick handler is run on
    // the notification it showed, as a click would run it, and must bring the open window to the order.
    const [worker] = context.serviceWorkers();
    expect(worker, 'the app has a service worker').toBeTruthy();
    await worker?.evaluate(async () => {
      // The worker's global scope, typed here by hand: the e2e code is compiled with the DOM's types only.
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const Click = (self as unknown as { NotificationEvent: new (type: string, init: object) => Event })
        .NotificationEvent;
      const [shown] = await scope.registration.getNotifications();
      if (shown) scope.dispatchEvent(new Click('notificationclick', { notification: shown }));
    });
    await expect(page).toHaveURL(new RegExp(`/orders/${order.orderNumber}$`));
    await expect(page.getByText(order.items[1]?.name ?? '').first()).toBeVisible();

    // Signing out on this device removes its subscription.
    expect(await subscriptionsOf(order.customerEmail)).toBe(1);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => subscriptionsOf(order.customerEmail)).toBe(0);
  });
});

test.describe('on an iPhone, outside the installed app', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('the control explains in two steps how to add the app to the Home Screen', async ({ page, studio }) => {
    const order = await studio.addOrder({ customerEmail: uniqueEmail() });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto('/dashboard');
    const steps = page.getByTestId('push-add-to-home-screen');
    await expect(steps).toContainText('add the app to your Home Screen');
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Get updates on this phone' })).toHaveCount(0);
  });
});
