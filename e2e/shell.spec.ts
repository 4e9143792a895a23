import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  PHONE,
  signInAsAdmin,
  signInAsCustomer,
  test,
} from './support/test.ts';

test.describe('the shell: header, theme menu and footer', () => {
  test('the header shows the title and the studio name; the footer the current year', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByText('Order Tracker')).toBeVisible();
    await expect(header.getByText('Elite Performance Golf')).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('the title is on a screen once, also while the studio name is still loading', async ({ page }) => {
    const year = new Date().getFullYear();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/config', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveText(`© ${year}. All rights reserved.`);
    await expect(page.getByText('Order Tracker')).toHaveCount(1);
    release();
    await expect(page.getByRole('contentinfo')).toHaveText(`© ${year} Elite Performance Golf. All rights reserved.`);
    await expect(page.getByText('Order Tracker')).toHaveCount(1);
  });

  test('a signed-in customer sees "Welcome, " and the part of the email before the @', async ({ page, studio }) => {
    // A long local part with no place to break must still fit a phone's header.
    const order = await studio.addOrder({ customerEmail: `greta.longsurname-golfer.${Date.now()}@example.com` });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard');
    await expect(page.getByText(`Welcome, ${order.customerEmail.split('@')[0]}`, { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test('a signed-in admin sees "Admin: {username}"; Sign Out ends the session and goes to /', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('banner')).toContainText(/Admin: \S+/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeVisible();
    // The session really ended on the server: the dashboard now sends us away.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the theme menu offers Light, Dark and System; the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Light', 'Dark', 'System']);
    // An open menu hides no focusable content from assistive technology.
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('order-tracker-theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('System follows the operating system, and light is the default', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    // No stored choice: light, whatever the OS says.
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('menuitem', { name: 'System' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem('order-tracker-theme'))).toBe('system');
  });
});
