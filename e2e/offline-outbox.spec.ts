import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { type Page, request } from '@playwright/test';
import { ADMIN } from './support/admin.ts';
import { waitForServiceWorker } from './support/chromium.ts';
import { choose } from './support/edit-order.ts';
import {
  ORDER_SAVED_ON_DEVICE,
  openAddOrderScreen,
  openEditScreen,
  pendingBadge,
  SAVED_ON_DEVICE,
  screenshot,
} from './support/offline.ts';
import { type StudioApi, uniqueEmail } from './support/studio-api.ts';
import { expect, test } from './support/test.ts';

/**
 * The admin's outbox when things go wrong on the way: the session ends while a change
 * waits, an answer is lost after the server applied the write, an order is added with no signal.
 */

/** The add-order form, filled with the least an order needs. */
async function fillNewOrder(page: Page, name: string, email: string) {
  await page.getByLabel('Customer Name').fill(name);
  await page.getByLabel('Customer Email').fill(email);
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Address Line 1').fill('1 Links Road');
  await page.getByLabel('City').fill('Carnoustie');
  await page.getByLabel('Postal Code').fill('DD7 7JE');
  await page.getByLabel('Subtotal (£)').fill('499');
  await choose(page, 'Item Type', 'Driver');
  await page.getByLabel('Price (£)').fill('499');
}

/**
 * Holds the app's repeat of a lost write until the test has seen what the form said first: the app
 * sends again at once when it is online, and the toast that says so would otherwise be replaced
 * (one toast at a time) before the test could read it.
 */
function heldBack(): { hold: Promise<void>; release: () => void } {
  let release = () => {};
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { hold, release };
}

async function ordersOf(studio: StudioApi, email: string): Promise<OrderView[]> {
  const list = await studio.http.get('/api/admin/orders');
  return ((await list.json()) as OrderView[]).filter((order) => order.customerEmail === email);
}

test.describe('offline outbox (admin changes that wait on the device)', () => {
  test('a session that ended meanwhile: the queued change waits for sign-in, then is sent once', async ({
    baseURL,
    page,
    studio,
  }) => {
    const order = await studio.addOrder();
    await openEditScreen(page, order);
    await waitForServiceWorker(page);
    await page.context().setOffline(true);
    await page.getByLabel('Tracking Number (Parcelforce)').fill('PF-AFTER-SIGN-IN');
    await page.getByRole('checkbox', { name: 'Notify Customer' }).click();
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible();
    await expect(pendingBadge(page)).toHaveText('Pending changes (1)');

    // Meanwhile the session ends on the server; the browser still holds its (now dead) cookie.
    const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const elsewhere = await request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
    expect((await elsewhere.post('/api/auth/logout')).status()).toBe(200);
    await elsewhere.dispose();
    await page.context().setOffline(false);

    // Online again: the app is signed out, and the change waits on the device, not lost, not sent.
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    await expect(pendingBadge(page)).toHaveText('Pending changes (1)');
    await pendingBadge(page).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`Edit order ${order.orderNumber}`)).toBeVisible();
    await expect(dialog.getByText('Waiting', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Waiting for sign-in')).toBeVisible();
    await screenshot(page, 'waiting-for-sign-in');
    await page.keyboard.press('Escape');
    expect((await studio.getOrder(order.orderNumber)).version).toBe(order.version);

    await page.goto('/admin');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(pendingBadge(page)).toHaveCount(0, { timeout: 20_000 });
    await expect
      .poll(async () => {
        const saved = await studio.getOrder(order.orderNumber);
        return [saved.trackingNumber, saved.version];
      })
      .toEqual(['PF-AFTER-SIGN-IN', order.version + 1]);
  });

  test('a save whose answer was lost is sent again with its key and applied once', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await openEditScreen(page, order);
    const keys: string[] = [];
    const { hold, release } = heldBack();
    let lose = true;
    await page.route('**/api/admin/orders/*/status', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!lose) await hold;
      // The server gets the write and answers; the answer never reaches the app.
      const answer = await route.fetch();
      if (lose) {
        lose = false;
        await route.abort('connectionreset');
      } else await route.fulfill({ response: answer });
    });
    await page.getByLabel('Tracking Number (Parcelforce)').fill('PF-ONCE');
    await page.getByRole('checkbox', { name: 'Notify Customer' }).click();
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible();
    // The app sends what waits again by itself (and on focus, or coming back online).
    release();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(pendingBadge(page)).toHaveCount(0, { timeout: 20_000 });
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[1]).toBe(keys[0]);
    await expect
      .poll(async () => {
        const saved = await studio.getOrder(order.orderNumber);
        return [saved.trackingNumber, saved.version];
      })
      .toEqual(['PF-ONCE', order.version + 1]);
  });

  test('an order placed whose answer was lost is sent again with its key: one order, not two', async ({
    page,
    studio,
  }) => {
    const email = uniqueEmail('replay');
    await openAddOrderScreen(page);
    const keys: string[] = [];
    const { hold, release } = heldBack();
    await page.route('**/api/admin/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) {
        await hold;
        return route.continue();
      }
      // The server gets the order and answers; the answer never reaches the app.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await fillNewOrder(page, 'Replay Golfer', email);
    await page.getByRole('button', { name: 'Add Order' }).click();
    await expect(page.getByText(ORDER_SAVED_ON_DEVICE)).toBeVisible();
    release();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(pendingBadge(page)).toHaveCount(0, { timeout: 20_000 });
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[1]).toBe(keys[0]);
    const count = () => ordersOf(studio, email).then((orders) => orders.length);
    await expect.poll(count).toBe(1);
    // A second copy, had the replay made one, would have been projected by now.
    await page.waitForTimeout(1500);
    expect(await count()).toBe(1);
  });

  test('an order added offline waits on the device without a number, and gets its number when sent', async ({
    page,
    studio,
  }) => {
    const email = uniqueEmail('offline-add');
    await openAddOrderScreen(page);
    await waitForServiceWorker(page);
    await page.context().setOffline(true);
    // A number seen earlier may be taken by the time the order is sent: none is promised offline.
    await expect(page.getByLabel('Order Number')).toHaveValue('Assigned when sent');
    await expect(page.getByText('The order gets its number when it is sent.')).toBeVisible();
    await fillNewOrder(page, 'Offline Golfer', email);
    await page.getByRole('button', { name: 'Add Order' }).click();
    await expect(page.getByText(ORDER_SAVED_ON_DEVICE)).toBeVisible();
    // The form is ready for the next order.
    await expect(page.getByLabel('Customer Name')).toHaveValue('');
    await pendingBadge(page).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('New order for Offline Golfer')).toBeVisible();
    await expect(dialog.getByText('Its order number is assigned when it is sent.')).toBeVisible();
    await screenshot(page, 'order-added-offline');
    await page.keyboard.press('Escape');
    expect(await ordersOf(studio, email)).toEqual([]);

    await page.context().setOffline(false);
    await expect(pendingBadge(page)).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText(/^Order EP-\d{4,} has been added successfully\.$/)).toBeVisible();
    const shown = (await page.getByText(/^Order EP-\d{4,} has been added/).textContent())?.split(' ')[1];
    await expect
      .poll(() => ordersOf(studio, email).then((orders) => orders.map((o) => o.orderNumber)))
      .toEqual([shown]);
  });
});
