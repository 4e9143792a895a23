import { join } from 'node:path';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import type { Page } from '@playwright/test';
import { type PersistentBrowser, storedKeys, waitForServiceWorker } from './chromium.ts';
import { expect, signInAsAdmin } from './test.ts';

/** Offline for real: what the offline specs share. */
export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: join(import.meta.dirname, '..', 'screenshots', `offline--${name}.png`), fullPage: true });

export const CACHE_DB = ['order-tracker-cache', 'keyval'] as const;
export const SAVED_ON_DEVICE = 'The change is saved on this device and will be sent when online.';
export const QUEUED_IN_FORM = 'A change to this order is saved on this device and not sent yet: the form shows it.';
export const ORDER_SAVED_ON_DEVICE =
  'The order is saved on this device and will be sent when online. It gets its order number then.';

/** The device has saved the cache (saving is asynchronous), for this user. */
export async function cacheSaved(page: Page) {
  await expect.poll(() => storedKeys(page, ...CACHE_DB)).toContain('last-user');
  await expect
    .poll(async () => (await storedKeys(page, ...CACHE_DB)).some((key) => key.startsWith('cache:')))
    .toBe(true);
  await page.waitForTimeout(500);
}

export const pendingBadge = (page: Page) => page.getByRole('button', { name: /^Pending changes \(\d+\)$/ });

/** An admin signed in, on the order's edit screen once it has loaded. */
export async function openEditScreen(page: Page, order: OrderView) {
  await signInAsAdmin(page);
  await page.goto(`/admin/edit-order/${order.orderNumber}`);
  await expect(page.getByLabel('Customer Name')).toHaveValue(order.customerName);
}

/** An admin signed in, on the add-order screen with its next number shown. */
export async function openAddOrderScreen(page: Page) {
  await signInAsAdmin(page);
  await page.goto('/admin/add-order');
  await expect(page.getByLabel('Order Number')).toHaveValue(/^EP-\d{4,}$/);
}

/** Admin, on the edit screen, edits with the network off: the change is queued on the device. */
export async function editOffline(
  browser: PersistentBrowser,
  page: Page,
  order: OrderView,
  edit: (page: Page) => Promise<void>,
) {
  await openEditScreen(page, order);
  await waitForServiceWorker(page);
  await cacheSaved(page);
  await browser.context!.setOffline(true);
  await edit(page);
  await page.getByRole('button', { name: 'Update Order' }).click();
  await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible();
  await expect(pendingBadge(page)).toHaveText('Pending changes (1)');
}

/** Reload offline, then close the browser and open it again, still offline: the change is still there. */
export async function reloadAndRestartOffline(browser: PersistentBrowser, page: Page): Promise<Page> {
  await page.reload();
  await expect(pendingBadge(page)).toHaveText('Pending changes (1)');
  await browser.close();
  const reopened = await browser.open({ offline: true });
  await reopened.goto('/admin/dashboard');
  await expect(reopened.getByText(/^Offline - last updated /)).toBeVisible();
  await expect(pendingBadge(reopened)).toHaveText('Pending changes (1)');
  return reopened;
}
