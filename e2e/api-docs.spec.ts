import { expect, signInAsAdmin, test } from './support/test.ts';

test('the API reference at /api/docs lists the operations, offers no AI chat or MCP, and asks nothing of another origin', async ({
  page,
}) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') elsewhere.push(request.url());
  });
  await signInAsAdmin(page);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Order Tracker API', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: /^Sign in as staff with a username and password/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/api-docs.png' });
  await expect(page.getByText(/Ask AI/i)).toHaveCount(0);
  await expect(page.getByText(/MCP/)).toHaveCount(0);
  expect(elsewhere).toEqual([]);
});
