import type { Page, Route } from '@playwright/test';
import { uniqueEmail } from './support/studio-api.ts';
import { expect, PHONE, signInAsCustomer, test } from './support/test.ts';

test.use({ viewport: PHONE });

/** Holds back the JavaScript files whose name starts with `chunk` until `release()` is called. */
async function holdChunk(page: Page, chunk: string): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = () => {};
  const requested = new Promise<void>((resolve) => {
    seen = resolve;
  });
  await page.route(new RegExp(`/assets/${chunk}-[^/]+\\.js$`), async (route: Route) => {
    seen();
    await held;
    await route.continue();
  });
  return { release, requested };
}

test.describe("a phone's first visit", () => {
  test('the landing page is painted from index.html before any JavaScript runs, its controls disabled', async ({
    page,
  }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Tracker' })).toBeVisible();
    await expect(page.getByText('Track the status of your orders in real-time')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeDisabled();
    // The Staff Login link is a plain link: it works before the app does.
    await expect(page.getByRole('link', { name: 'Staff Login' })).toHaveAttribute('href', '/admin');
  });

  test('another path shows the shell with its spinner before any JavaScript, never the login form', async ({
    page,
  }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/orders/EP-0001');
    await expect(page.getByRole('banner').getByText('Order Tracker')).toBeVisible();
    await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeHidden();
  });

  test('the customer dashboard is painted as it shows while its orders load, before any JavaScript', async ({
    page,
  }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading orders' })).toBeVisible();
    await expect(page.getByTestId('order-skeleton')).toHaveCount(3);
    await expect(page.getByLabel('Search orders')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeHidden();
    await expect(page.getByText('Loading...')).toBeHidden();
  });

  test('a click on Toggle theme before the menu has arrived opens it when it does', async ({ page }) => {
    const menu = await holdChunk(page, 'theme-dropdown');
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Toggle theme' });
    await expect(button).toBeEnabled();
    await button.click();
    await menu.requested;
    menu.release();
    await expect(page.getByRole('menuitem')).toHaveText(['Light', 'Dark', 'System']);
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test("the theme menu's code is fetched when the pointer reaches its button, not with the page", async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(theme-dropdown|toaster)-[^/]+\.js$/.test(request.url())) fetched.push(request.url());
    });
    const toaster = page.waitForResponse(/\/assets\/toaster-[^/]+\.js$/);
    await page.goto('/');
    // The toaster comes once the first render is on screen: by then the menu would have come with it.
    await toaster;
    expect(fetched.filter((url) => url.includes('theme-dropdown'))).toEqual([]);
    const menu = page.waitForRequest(/\/assets\/theme-dropdown-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Toggle theme' }).hover();
    await menu;
    await expect(page.getByRole('menuitem')).toHaveCount(0);
  });

  test("a select's Radix code comes when the field is opened, not with the page; opened early, it opens when it arrives", async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder({ customerEmail: uniqueEmail('select') });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/radix-select-[^/]+\.js$/.test(request.url())) fetched.push(request.url());
    });
    const select = await holdChunk(page, 'radix-select');
    await page.goto('/dashboard');
    await expect(page.getByRole('article')).toHaveCount(1);
    const field = page.getByRole('combobox', { name: 'Filter by status' });
    await expect(field).toHaveText('All Statuses');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(fetched).toEqual([]);
    // The keyboard: focus fetches it, an arrow key opens the list once it is there.
    await field.focus();
    await select.requested;
    await field.press('ArrowDown');
    await expect(page.getByRole('option')).toHaveCount(0);
    select.release();
    await expect(page.getByRole('option')).toHaveCount(7);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Filter by status' })).toBeFocused();
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Order Collected' }).click();
    await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
  });

  test('a toast raised before the toaster has arrived shows when it does', async ({ page }) => {
    const toaster = await holdChunk(page, 'toaster');
    await page.goto('/');
    await toaster.requested;
    await page.getByLabel('Email Address').fill('nobody@example.com');
    await page.getByLabel('Order Number').fill('EP-99999');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeEnabled();
    toaster.release();
    await expect(
      page
        .getByRole('region', { name: 'Notifications (F8)' })
        .getByText('Invalid email or order number. Please try again.'),
    ).toBeVisible();
  });
});
