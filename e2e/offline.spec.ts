import { join } from 'node:path';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { type Page, request } from '@playwright/test';
import { ADMIN } from './support/admin.ts';
import { PersistentBrowser, storedKeys, waitForServiceWorker } from './support/chromium.ts';
import { choose } from './support/edit-order.ts';
import { type StudioApi, uniqueEmail } from './support/studio-api.ts';
import { expect, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

/**
 * Offline for real (issue 12), in Chromium with the network switched off (setOffline) and the browser
 * closed and reopened on the same profile (launchPersistentContext).
 */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: join(import.meta.dirname, 'screenshots', `offline--${name}.png`), fullPage: true });

const CACHE_DB = ['order-tracker-cache', 'keyval'] as const;
const SAVED_ON_DEVICE = 'The change is saved on this device and will be sent when online.';
const QUEUED_IN_FORM = 'A change to this order is saved on this device and not sent yet: the form shows it.';

/** The device has saved the cache (saving is asynchronous), for this user. */
async function cacheSaved(page: Page) {
  await expect.poll(() => storedKeys(page, ...CACHE_DB)).toContain('last-user');
  await expect
    .poll(async () => (await storedKeys(page, ...CACHE_DB)).some((key) => key.startsWith('cache:')))
    .toBe(true);
  await page.waitForTimeout(500);
}

const ORDER_SAVED_ON_DEVICE =
  'The order is saved on this device and will be sent when online. It gets its order number then.';

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

async function ordersOf(studio: StudioApi, email: string): Promise<OrderView[]> {
  const list = await studio.http.get('/api/admin/orders');
  return ((await list.json()) as OrderView[]).filter((order) => order.customerEmail === email);
}

const pendingBadge = (page: Page) => page.getByRole('button', { name: /^Pending changes \(\d+\)$/ });

/** Admin, on the edit screen, edits with the network off: the change is queued on the device. */
async function editOffline(
  browser: PersistentBrowser,
  page: Page,
  order: OrderView,
  edit: (page: Page) => Promise<void>,
) {
  await signInAsAdmin(page);
  await page.goto(`/admin/edit-order/${order.orderNumber}`);
  await expect(page.getByLabel('Customer Name')).toHaveValue(order.customerName);
  await waitForServiceWorker(page);
  await cacheSaved(page);
  await browser.context!.setOffline(true);
  await edit(page);
  await page.getByRole('button', { name: 'Update Order' }).click();
  await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible();
  await expect(pendingBadge(page)).toHaveText('Pending changes (1)');
}

/** Reload offline, then close the browser and open it again, still offline: the change is still there. */
async function reloadAndRestartOffline(browser: PersistentBrowser, page: Page): Promise<Page> {
  await page.reload();
  await expect(pendingBadge(page)).toHaveText('Pending changes (1)');
  await browser.close();
  const reopened = await browser.open({ offline: true });
  await reopened.goto('/admin/dashboard');
  await expect(reopened.getByText(/^Offline - last updated /)).toBeVisible();
  await expect(pendingBadge(reopened)).toHaveText('Pending changes (1)');
  return reopened;
}

test.describe('offline (installed app, no signal)', () => {
  test('a customer who looked once sees their orders on a cold start offline, with the offline notice', async ({
    baseURL,
    studio,
  }) => {
    const order = await studio.addOrder({ trackingNumber: 'PF-KEPT-1' });
    const browser = new PersistentBrowser(baseURL!);
    try {
      let page = await browser.open();
      await page.goto('/');
      await page.getByLabel('Email Address').fill(order.customerEmail);
      await page.getByLabel('Order Number').fill(order.orderNumber);
      await page.getByRole('button', { name: 'Track Order' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(order.orderNumber).first()).toBeVisible();
      await page.getByRole('link', { name: 'View Details' }).first().click();
      await expect(page.getByText('PF-KEPT-1')).toBeVisible();
      await waitForServiceWorker(page);
      await cacheSaved(page);
      await browser.close();

      page = await browser.open({ offline: true });
      await page.goto('/dashboard');
      await expect(page.getByText(/^Offline - last updated /)).toBeVisible();
      await expect(page.getByText(order.orderNumber).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await screenshot(page, 'customer-dashboard-cold-start');
      await page.getByRole('link', { name: 'View Details' }).first().click();
      await expect(page.getByText('PF-KEPT-1')).toBeVisible();
      // An order never opened on this device: said so, not an endless spinner.
      await page.goto('/orders/EP-NEVER-SEEN');
      await expect(page.getByRole('heading', { name: 'Not available offline' })).toBeVisible();
      await screenshot(page, 'not-available-offline');
    } finally {
      await browser.dispose();
    }
  });

  test('a login attempt offline says the app is offline, not that the details are wrong', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.getByLabel('Email Address').fill('someone@example.com');
    await page.getByLabel('Order Number').fill('EP-0001');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.getByText('The app is offline. Connect to the internet to sign in.')).toBeVisible();
    await expect(page.getByText('Invalid email or order number. Please try again.')).toHaveCount(0);
    await context.setOffline(false);
  });

  test('an admin edit made offline survives a reload and a browser restart, and the customer sees it once online', async ({
    baseURL,
    studio,
    page: customerPage,
  }) => {
    const order = await studio.addOrder();
    const browser = new PersistentBrowser(baseURL!);
    try {
      let page = await browser.open();
      await editOffline(browser, page, order, async (form) => {
        await form.getByLabel('Tracking Number (Parcelforce)').fill('PF-WORKSHOP');
        await choose(form, 'Status', 'Order Placed With Manufacturer', 1);
      });
      await page.getByRole('button', { name: 'Pending changes (1)' }).click();
      await expect(page.getByRole('dialog').getByText(`Edit order ${order.orderNumber}`)).toBeVisible();
      await expect(page.getByRole('dialog').getByText('Waiting', { exact: true })).toBeVisible();
      await screenshot(page, 'pending-changes-list');
      await page.keyboard.press('Escape');

      page = await reloadAndRestartOffline(browser, page);
      // Opened again on the device, the order shows the change that waits, not the values before it.
      await page.goto(`/admin/edit-order/${order.orderNumber}`);
      await expect(page.getByLabel('Tracking Number (Parcelforce)')).toHaveValue('PF-WORKSHOP');
      await expect(page.getByText(QUEUED_IN_FORM)).toBeVisible();
      await screenshot(page, 'edit-form-shows-queued-change');
      await browser.context!.setOffline(false);
      await expect(pendingBadge(page)).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByText(QUEUED_IN_FORM)).toHaveCount(0);
      await expect(page.getByLabel('Tracking Number (Parcelforce)')).toHaveValue('PF-WORKSHOP');

      await expect
        .poll(async () => {
          const saved = await studio.getOrder(order.orderNumber);
          return [saved.trackingNumber, saved.items[1]?.status];
        })
        .toEqual(['PF-WORKSHOP', 'order_placed_with_manufacturer']);
      await signInAsCustomer(customerPage, order.customerEmail, order.orderNumber);
      await customerPage.goto(`/orders/${order.orderNumber}`);
      await expect(customerPage.getByText('PF-WORKSHOP')).toBeVisible();
    } finally {
      await browser.dispose();
    }
  });

  test('a conflicting change made meanwhile: one field merges by itself, the other is chosen in the app, both sides kept', async ({
    baseURL,
    studio,
  }) => {
    const order = await studio.addOrder();
    const browser = new PersistentBrowser(baseURL!);
    try {
      let page = await browser.open();
      await editOffline(browser, page, order, async (form) => {
        await form.getByLabel('Tracking Number (Parcelforce)').fill('PF-MINE');
        await form.getByLabel('Fitter Notes').fill('Mine: stiff shaft');
      });
      page = await reloadAndRestartOffline(browser, page);
      // Meanwhile, at the front desk: the same tracking field, and the customer notes.
      await studio.patchOrder(order.orderNumber, {
        status: order.status,
        trackingNumber: 'PF-THEIRS',
        customerNotes: 'Theirs: ready on Friday',
      });
      await browser.context!.setOffline(false);

      await expect(page.getByRole('button', { name: 'Pending changes (1)' })).toBeVisible();
      await page.getByRole('button', { name: 'Pending changes (1)' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText('Conflict', { exact: true })).toBeVisible({ timeout: 20_000 });
      const field = dialog.getByRole('group', { name: 'Tracking Number' });
      await expect(field.getByRole('radio', { name: /Yours/ })).toBeVisible();
      await expect(field.getByText('PF-MINE')).toBeVisible();
      await expect(field.getByText('PF-THEIRS')).toBeVisible();
      // Only the field both changed is asked about.
      await expect(dialog.getByRole('group')).toHaveCount(1);
      await screenshot(page, 'conflict-yours-current');
      await field.getByRole('radio', { name: /Yours/ }).check();
      await dialog.getByRole('button', { name: 'Keep My Choices' }).click();
      // Sent: the list empties and the dialog goes with it.
      await expect(dialog).toHaveCount(0, { timeout: 20_000 });
      await expect(pendingBadge(page)).toHaveCount(0);

      await expect
        .poll(async () => {
          const saved = await studio.getOrder(order.orderNumber);
          return [saved.trackingNumber, saved.fitterNotes, saved.customerNotes];
        })
        .toEqual(['PF-MINE', 'Mine: stiff shaft', 'Theirs: ready on Friday']);
    } finally {
      await browser.dispose();
    }
  });

  test('a session that ended meanwhile: the queued change waits for sign-in, then is sent once', async ({
    baseURL,
    page,
    studio,
  }) => {
    const order = await studio.addOrder();
    await signInAsAdmin(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await expect(page.getByLabel('Customer Name')).toHaveValue(order.customerName);
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
    await signInAsAdmin(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await expect(page.getByLabel('Customer Name')).toHaveValue(order.customerName);
    const keys: string[] = [];
    let lose = true;
    await page.route('**/api/admin/orders/*/status', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
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
    // Focus (or coming back online) sends what waits.
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
    await signInAsAdmin(page);
    await page.goto('/admin/add-order');
    await expect(page.getByLabel('Order Number')).toHaveValue(/^EP-\d{4,}$/);
    let lost = false;
    await page.route('**/api/admin/orders', async (route) => {
      if (route.request().method() !== 'POST' || lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await fillNewOrder(page, 'Replay Golfer', email);
    await page.getByRole('button', { name: 'Add Order' }).click();
    await expect(page.getByText(ORDER_SAVED_ON_DEVICE)).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(pendingBadge(page)).toHaveCount(0, { timeout: 20_000 });
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
    await signInAsAdmin(page);
    await page.goto('/admin/add-order');
    await expect(page.getByLabel('Order Number')).toHaveValue(/^EP-\d{4,}$/);
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

  test('Sign Out wipes what was kept on the device', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto('/dashboard');
    await expect(page.getByText(order.orderNumber).first()).toBeVisible();
    await cacheSaved(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeVisible();
    await expect.poll(() => storedKeys(page, ...CACHE_DB)).toEqual([]);
  });
});
