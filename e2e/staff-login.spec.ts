import { ADMIN } from './support/admin.ts';
import { expect, expectAccessible, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

test.describe('staff login (/admin, /admin/login)', () => {
  for (const path of ['/admin', '/admin/login']) {
    test(`${path} shows the title, both fields, Sign In and the way back`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
      await expect(page.getByLabel('Username')).toBeVisible();
      await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to customer tracking' })).toHaveAttribute('href', '/');
      // Each of the screen's texts is found by itself: no other text on it repeats them.
      for (const text of ['Staff Login', 'Username', 'Password', 'Sign In', 'Back to customer tracking']) {
        await expect(page.getByText(text)).toBeVisible();
      }
      await expectAccessible(page);
    });
  }

  test('a wrong password shows the error toast and stays', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid username or password. Please try again.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('empty fields are reported as Required', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Required')).toHaveCount(2);
  });

  test('a successful login shows the success toast and lands on /admin/dashboard', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login successful! Redirecting to dashboard...', { exact: true })).toBeVisible();
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('Back to customer tracking goes to /', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Back to customer tracking' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an authenticated admin goes to /admin/dashboard', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('an authenticated customer goes to /dashboard', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
