import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { waitForServiceWorker } from './support/chromium.ts';
import { type CuttableProxy, startCuttableProxy } from './support/cuttable-proxy.ts';
import { cacheSaved, openEditScreen, pendingBadge, SAVED_ON_DEVICE, screenshot } from './support/offline.ts';
import { expect, expectNoHorizontalScroll, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

/**
 * Bad signal of every kind, in Chromium: the browser online while the server cannot be reached (a loopback
 * proxy in front of the app, cut), a server answering 5xx, the app's code failing to load, and staff screens
 * on a phone. The same journeys in Firefox and WebKit: `npm run test:browsers` (tests/browsers/).
 */
const UNREACHABLE = /^Offline - the server cannot be reached - last updated /;
/** The app asks again by itself with a growing delay: at most 30 s after the server comes back. */
const RECOVERS_WITHIN = { timeout: 45_000 };

async function behindProxy(browser: Browser, baseURL: string) {
  const proxy = await startCuttableProxy(baseURL);
  const context = await browser.newContext({ baseURL: proxy.origin, viewport: { width: 390, height: 844 } });
  return { proxy, context, page: await context.newPage() };
}

async function closeAll(proxy: CuttableProxy, context: BrowserContext) {
  await context.close();
  await proxy.close();
}

test.describe('the server unreachable while the browser says online', () => {
  test('a reload keeps the kept orders with the notice that the server cannot be reached, and recovers by itself', async ({
    browser,
    baseURL,
    studio,
  }) => {
    const order = await studio.addOrder();
    const { proxy, context, page } = await behindProxy(browser, baseURL!);
    try {
      await signInAsCustomer(page, order.customerEmail, order.orderNumber);
      await page.goto('/dashboard');
      await expect(page.getByText(order.orderNumber).first()).toBeVisible();
      await waitForServiceWorker(page);
      await cacheSaved(page);

      proxy.cut();
      await page.reload();
      await expect(page.getByText(UNREACHABLE)).toBeVisible();
      await expect(page.getByText(order.orderNumber).first()).toBeVisible();
      await expect(page.getByText('Error loading orders')).toHaveCount(0);
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      await screenshot(page, 'server-unreachable-dashboard');

      proxy.restore();
      await expect(page.getByText(UNREACHABLE)).toHaveCount(0, RECOVERS_WITHIN);
      await expect(page.getByText(order.orderNumber).first()).toBeVisible();
    } finally {
      await closeAll(proxy, context);
    }
  });

  test('a server answering 5xx is shown as its trouble, with the kept orders still on screen', async ({
    browser,
    baseURL,
    studio,
  }) => {
    const order = await studio.addOrder();
    const { proxy, context, page } = await behindProxy(browser, baseURL!);
    try {
      await signInAsCustomer(page, order.customerEmail, order.orderNumber);
      await page.goto('/dashboard');
      await expect(page.getByText(order.orderNumber).first()).toBeVisible();
      await waitForServiceWorker(page);
      await cacheSaved(page);

      proxy.failWith(503);
      await page.reload();
      await expect(page.getByText(/^The server is having trouble - showing what was last loaded/)).toBeVisible();
      await expect(page.getByText(order.orderNumber).first()).toBeVisible();
      await expect(page.getByText('Error loading orders')).toHaveCount(0);
      await screenshot(page, 'server-failing-dashboard');

      proxy.restore();
      await expect(page.getByText(/^The server is having trouble/)).toHaveCount(0, RECOVERS_WITHIN);
    } finally {
      await closeAll(proxy, context);
    }
  });

  test('an edit made while the server cannot be reached waits in the outbox and is sent when it can', async ({
    browser,
    baseURL,
    studio,
  }) => {
    const order = await studio.addOrder();
    const { proxy, context, page } = await behindProxy(browser, baseURL!);
    try {
      await openEditScreen(page, order);
      await waitForServiceWorker(page);
      await cacheSaved(page);
      proxy.cut();
      await page.getByLabel('Tracking Number (Parcelforce)').fill('PF-NO-INTERNET');
      await page.getByRole('button', { name: 'Update Order' }).click();
      await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible();
      await expect(pendingBadge(page)).toHaveText('Pending changes (1)');
      await expect(page.getByText(/^Offline - the server cannot be reached/)).toBeVisible();
      expect((await studio.getOrder(order.orderNumber)).trackingNumber).not.toBe('PF-NO-INTERNET');

      proxy.restore();
      await expect(pendingBadge(page)).toHaveCount(0, RECOVERS_WITHIN);
      await expect.poll(async () => (await studio.getOrder(order.orderNumber)).trackingNumber).toBe('PF-NO-INTERNET');
    } finally {
      await closeAll(proxy, context);
    }
  });
});

test.describe("the app's code", () => {
  test('code that cannot load: the page says so with a Reload button, which then starts the app', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort('connectionreset'));
      await page.goto('/');
      const notice = page.getByRole('alert').filter({ hasText: 'The app could not be loaded' });
      await expect(notice).toBeVisible();
      await expect(page.getByRole('button', { name: 'Track Order' })).toBeDisabled();
      await screenshot(page, 'code-failed-to-load');
      await page.unroute(/\/assets\/index-[\w-]+\.js$/);
      await notice.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByRole('button', { name: 'Track Order' })).toBeEnabled();
      await expect(notice).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('a chunk gone after a new deployment: the page loads itself afresh instead of failing', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      await signInAsAdmin(page);
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      let refused = 0;
      await page.route(/\/assets\/email-logs-page-[\w-]+\.js$/, (route) => {
        refused += 1;
        return refused === 1 ? route.fulfill({ status: 404, body: 'gone' }) : route.fallback();
      });
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      await page.getByRole('link', { name: 'Email Logs' }).click();
      await expect(page.getByRole('heading', { name: 'Email Event Logs' })).toBeVisible();
      expect(refused).toBe(2);
      expect(loads.some((url) => url.endsWith('/admin/email-logs'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('the service worker serves every hashed asset the app can import, offline, on the first request', async ({
    browser,
    baseURL,
  }) => {
    const assets = readdirSync(join(import.meta.dirname, '..', 'pwa', 'dist', 'assets')).filter((file) =>
      /\.(js|css)$/.test(file),
    );
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await waitForServiceWorker(page);
      await context.setOffline(true);
      const failed = await page.evaluate(async (files) => {
        const answers = await Promise.all(
          files.map((file) =>
            fetch(`/assets/${file}`).then(
              (answer) => (answer.ok ? null : `${file}: ${answer.status}`),
              (error) => `${file}: ${String(error)}`,
            ),
          ),
        );
        return answers.filter((answer) => answer !== null);
      }, assets);
      expect(assets.length).toBeGreaterThan(10);
      expect(failed).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** Every staff screen at a phone's width: the dashboard as cards, and nothing scrolls sideways. */
test.describe('staff on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function noSidewaysScroll(page: Page, path: string, ready: (page: Page) => Promise<void>, name: string) {
    await page.goto(path);
    await ready(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `phone-${name}`);
  }

  test('the admin dashboard shows each order as a card; every staff screen fits the width', async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder();
    await signInAsAdmin(page);
    await noSidewaysScroll(
      page,
      '/admin/dashboard',
      async () => {
        // Other specs' orders share the app and may fill the first page: found as staff find one.
        await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
        const card = page.getByTestId('order-row').filter({ hasText: order.orderNumber });
        await expect(card).toBeVisible();
        for (const text of [order.customerName, 'Status', 'ALL ETAs ADDED', 'Total', 'Edit', 'View', 'History'])
          await expect(card.getByText(text, { exact: true }).first()).toBeVisible();
        await expect(page.getByRole('columnheader', { name: 'ALL ETAs ADDED' })).not.toBeInViewport();
      },
      'admin-dashboard',
    );
    const heading = (name: string | RegExp) => async () => {
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    };
    await noSidewaysScroll(page, `/admin/edit-order/${order.orderNumber}`, heading(/^Edit Order /), 'edit-order');
    await noSidewaysScroll(page, '/admin/add-order', heading('Add New Order'), 'add-order');
    await noSidewaysScroll(page, '/admin/import', heading('Import Data'), 'import');
    await noSidewaysScroll(page, '/admin/email-logs', heading('Email Event Logs'), 'email-logs');
    await noSidewaysScroll(page, '/admin/audit', heading(/^Audit$/), 'audit');
    await noSidewaysScroll(
      page,
      `/admin/orders/${order.orderNumber}/history`,
      heading(`History of Order ${order.orderNumber}`),
      'order-history',
    );
  });

  test('at desktop width the dashboard is still the table', async ({ page, studio }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const order = await studio.addOrder();
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('columnheader', { name: 'ALL ETAs ADDED' })).toBeVisible();
    // Other tests' newer orders may fill the first rows: the search brings this one into view.
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
    await expect(page.getByRole('cell', { name: order.orderNumber, exact: true })).toBeVisible();
    await expect(page.getByTestId('order-row').first().getByText('ALL ETAs ADDED')).toBeHidden();
  });
});
