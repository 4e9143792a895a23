import { expect, expectAccessible, expectNoHorizontalScroll, PHONE, test } from './support/test.ts';

test.use({ viewport: PHONE });

test('any other path shows the 404 screen with its hint', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
