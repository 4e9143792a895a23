import { PersistentBrowser, storedKeys, waitForServiceWorker } from './support/chromium.ts';
import { choose } from './support/edit-order.ts';
import {
  CACHE_DB,
  cacheSaved,
  editOffline,
  pendingBadge,
  QUEUED_IN_FORM,
  reloadAndRestartOffline,
  screenshot,
} from './support/offline.ts';
import { expect, signInAsCustomer, test } from './support/test.ts';

/**
 * Offline for real, in Chromium with the network switched off (setOffline) and the browser
 * closed and reopened on the same profile (launchPersistentContext). The outbox's harder cases (a
 * session ended meanwhile, answers lost, orders added offline): offline-outbox.spec.ts.
 */
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
      // A screen never opened on this device says so, instead of loading forever.
      await page.goto('/admin/email-logs');
      await expect(page.getByRole('heading', { name: 'Not available offline' })).toBeVisible();
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
