import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  holdRequests,
  PHONE,
  signInAsAdmin,
  signInAsCustomer,
  test,
} from './support/test.ts';

test.use({ viewport: PHONE });

test.describe('landing and customer login (/)', () => {
  test('shows the logo, title, tagline and the customer login form with its placeholders', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('img', { name: 'Studio logo' })).toBeVisible();
    await expect(page.getByAltText('Studio logo')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Tracker' })).toBeVisible();
    await expect(page.getByText('Track the status of your orders in real-time')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Email Address')).toHaveAttribute('placeholder', /@/);
    await expect(page.getByLabel('Order Number')).toHaveAttribute('placeholder', 'ORD-12345');
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeEnabled();
    // Each of the screen's texts is found by itself: no other text on it repeats them.
    for (const text of ['Order Number', 'Email Address', 'Track Order', 'Staff Login']) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test('/track is the same screen', async ({ page }) => {
    await page.goto('/track');
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeVisible();
  });

  test('the Staff Login link leads to /admin', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Staff Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
  });

  test('an invalid email and a missing order number are reported under their fields', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(page.getByText('Required')).toBeVisible();
  });

  test('a wrong email or order number shows the error toast and stays', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await page.goto('/');
    await page.getByLabel('Email Address').fill(order.customerEmail);
    await page.getByLabel('Order Number').fill('EP-99999');
    await page.getByRole('button', { name: 'Track Order' }).click();
    const toast = page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByRole('listitem')
      .filter({ hasText: 'Invalid email or order number. Please try again.' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Error');
    // The message is in the page once (no hidden copy for screen readers beside it), so plain text finds it.
    expect(await page.getByText('Invalid email or order number. Please try again.').count()).toBe(1);
    await expect(page.getByText('Invalid email or order number. Please try again.')).toBeVisible();
    // Screen readers still hear it: the list it is added to is a live region.
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('list')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await expect(page).toHaveURL(/\/$/);
  });

  test('the button reads Loading... while signing in, then the customer lands on /dashboard', async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder();
    // Hold the login answer back until the in-between state has been seen.
    const login = await holdRequests(page, '**/api/auth/customer/login');
    await page.goto('/');
    await page.getByLabel('Email Address').fill(order.customerEmail.toUpperCase());
    await page.getByLabel('Order Number').fill(order.orderNumber.toLowerCase());
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    login.release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
  });

  test('a signed-in customer who opens / goes to /dashboard', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/track');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a signed-in admin who opens / goes to /admin/dashboard', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
