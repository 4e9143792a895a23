import type { Page } from '@playwright/test';
import { expect, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

/** Every Content-Security-Policy violation the page reports, from the console and from the DOM event. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return violations;
}

test('the pages work under the strict CSP: no violation on the landing page, sign-in and the dashboards', async ({
  page,
  studio,
}) => {
  const violations = await watchCsp(page);
  const order = await studio.addOrder();

  const landing = await page.goto('/');
  const csp = landing?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toMatch(/unsafe-inline|unsafe-eval/);
  await expect(page.getByRole('heading').first()).toBeVisible();

  await page.goto('/admin/login');
  await expect(page.getByRole('button').first()).toBeVisible();

  await signInAsCustomer(page, order.customerEmail, order.orderNumber);
  await page.goto('/dashboard');
  await expect(page.getByText(order.orderNumber).first()).toBeVisible();
  await page.goto(`/orders/${order.orderNumber}`);
  await expect(page.getByText(order.orderNumber).first()).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/admin');
  // Other tests' newer orders may fill the first rows: the search brings this one into view.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
  await expect(page.getByText(order.orderNumber).first()).toBeVisible();
  await page.goto(`/admin/edit-order/${order.orderNumber}`);
  await expect(page.getByRole('button').first()).toBeVisible();
  await page.waitForTimeout(300);
  expect(violations).toEqual([]);
});

test('the theme script in index.html still runs before the first paint (its hash is allowed)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('order-tracker-theme', 'dark'));
  const violations = await watchCsp(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(violations).toEqual([]);
});
