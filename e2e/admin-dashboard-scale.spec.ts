import { orderPayload } from './support/studio-api.ts';
import { expect, orderNumberCells, signInAsAdmin, test } from './support/test.ts';

const ORDERS = 2_000;
const BATCH = 500;
const done = { status: 'order_collected_shipped', estimatedDelivery: '2020-01-01' };

/** Day `i` after 2019-01-01: every order its own date, so the oldest (the last row) is known. */
const dayAfterStart = (i: number) => new Date(Date.UTC(2019, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

test.describe('admin dashboard with 2,000 orders', () => {
  test.describe.configure({ timeout: 360_000 });

  test('shows the first rows, counts both tabs, reaches the last order by scrolling and finds one by search', async ({
    page,
    studio,
  }) => {
    const tag = `Scale${Date.now().toString(36)}`;
    const numbers: string[] = [];
    for (let start = 0; start < ORDERS; start += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, k) => {
        const i = start + k;
        return orderPayload({
          customerName: `${tag} Golfer${i}`,
          customerEmail: `${tag.toLowerCase()}.${i}@example.com`,
          orderDate: dayAfterStart(i),
          ...(i % 4 === 0 ? { items: [done, done] } : {}),
        });
      });
      const answer = await studio.http.post('/api/admin/import', { data: rows });
      expect(answer.status(), await answer.text()).toBe(200);
      const report = (await answer.json()) as { importedKeys: string[] };
      numbers.push(...report.importedKeys);
    }
    expect(numbers).toHaveLength(ORDERS);
    await studio.settle();

    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await expect(orderNumberCells(page).first()).toBeVisible();

    const search = page.getByPlaceholder('Search by order number or product');
    await search.fill(tag);
    await expect(page.getByRole('tab', { name: 'Active Orders (1500)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Completed Orders (500)' })).toBeVisible();
    // Newest first: the first row is the last order imported.
    await expect(orderNumberCells(page).first()).toHaveText(numbers[ORDERS - 1] as string);

    // Scrolling to the end of the table loads the next page, until the oldest active order is shown.
    const oldestActive = numbers[1] as string;
    // A CSS locator: getByText would read the text of every one of the thousands of rows on each poll,
    // which costs the test seconds per page while the page itself renders a page of rows in milliseconds.
    const status = page.locator('[aria-live="polite"]').filter({ hasText: /^Showing \d+ of 1500 orders$/ });
    const shown = async () => Number(/Showing (\d+)/.exec((await status.textContent()) ?? '')?.[1] ?? 0);
    for (let guard = 0; guard < 60 && (await shown()) < 1500; guard++) {
      const before = await shown();
      await status.scrollIntoViewIfNeeded();
      // Generous: this checks that scrolling loads the next page, not how fast (bench:scale measures that).
      await expect.poll(shown, { timeout: 30_000 }).toBeGreaterThan(before);
    }
    await expect(status).toHaveText('Showing 1500 of 1500 orders');
    // CSS again: a role query over 1,500 rows costs the test far more than the page.
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(1500);
    await expect(rows.last().locator('td').first()).toHaveText(oldestActive);
    await expect(page.getByRole('button', { name: 'Load more orders' })).toHaveCount(0);

    // One order by its number: one row, and the counts say so.
    const wanted = numbers[1234] as string;
    await search.fill(wanted);
    // Generous again: 1,500 rows are on screen and leave in one render.
    await expect(page.getByRole('tab', { name: 'Active Orders (1)' })).toBeVisible({ timeout: 30_000 });
    await expect(orderNumberCells(page)).toHaveText([wanted]);
    await search.fill(`${tag} Golfer1234`.toUpperCase());
    await expect(page.getByRole('tab', { name: 'Active Orders (1)' })).toBeVisible();
    await expect(orderNumberCells(page)).toHaveText([wanted]);

    // The completed tab pages the same way.
    await search.fill(tag);
    await page.getByRole('tab', { name: /^Completed Orders/ }).click();
    await expect(orderNumberCells(page).first()).toHaveText(numbers[1996] as string);
    await expect(page.getByText('Showing 50 of 500 orders')).toBeVisible();
  });
});
