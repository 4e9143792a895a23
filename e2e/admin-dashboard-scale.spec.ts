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
    const status = page.locator('[aria-live="polite"]').filter({ hasText: /^Showing \d+ of 1500 orders$/ });
    const shown = async () => Number(/Showing (\d+)/.exec((await status.textContent()) ?? '')?.[1] ?? 0);
    for (let guard = 0; guard < 60 && (await shown()) < 1500; guard++) {
      const before = await shown();
      await status.scrollIntoViewIfNeeded();
      await expect.poll(shown).toBeGreaterThan(before);
    }
    await expect(status).toHaveText('Showing 1500 of 1500 orders');
    await expect(page.getByRole('button', { name: 'Load more orders' })).toHaveCount(0);
    // Virtualised: the table says it has 1,500 rows (and its header), the DOM holds only those in view.
    await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '1501');
    await status.scrollIntoViewIfNeeded();
    const lastRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: oldestActive, exact: true }) });
    await expect(lastRow).toHaveAttribute('aria-rowindex', '1501');
    expect(await page.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(100);

    // One order by its number, with 1,500 rows loaded: one row, and the counts say so, at once.
    const wanted = numbers[1234] as string;
    const searched = Date.now();
    await search.fill(wanted);
    // Timed at each frame (Playwright's own retries back off to 1 s and would add their wait to the time).
    await page.waitForFunction(
      (n) => {
        const rows = document.querySelectorAll('tbody tr[aria-rowindex]');
        return rows.length === 1 && rows[0]?.querySelector('td')?.textContent === n;
      },
      wanted,
      { polling: 'raf' },
    );
    const searchMs = Date.now() - searched;
    await expect(page.getByRole('tab', { name: 'Active Orders (1)' })).toBeVisible();
    await expect(orderNumberCells(page)).toHaveText([wanted]);
    test.info().annotations.push({ type: 'search after 1,500 rows (ms)', description: String(searchMs) });
    // The bound leaves room for a CI box running the whole suite at once; bench:scale measures the 1 s target in Chromium.
    expect(searchMs, 'typed search to its one row, 300 ms debounce included').toBeLessThan(3_000);
    // The same row from its customer's name in capitals: wait for that search's own answer.
    const upperAnswered = page.waitForResponse((answer) => answer.url().includes('GOLFER1234'));
    await search.fill(`${tag} Golfer1234`.toUpperCase());
    await upperAnswered;
    await expect(page.getByRole('tab', { name: 'Active Orders (1)' })).toBeVisible();
    await expect(orderNumberCells(page)).toHaveText([wanted]);

    // Back to the search paged through: its first page shows at once and is refetched alone, not the 30
    // pages it had (an infinite query refetches every page it holds).
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/orders?')) pageRequests.push(request.url());
    });
    const refetched = page.waitForResponse((answer) => /tab=active&limit=\d+&search=Scale/.test(answer.url()));
    await search.fill(tag);
    await expect(status).toHaveText('Showing 50 of 1500 orders');
    await expect(orderNumberCells(page).first()).toHaveText(numbers[ORDERS - 1] as string);
    await refetched;
    await page.waitForTimeout(500);
    // (The upper-case search's own request may still go out meanwhile: only this search's count.)
    const thisSearch = pageRequests.filter((url) => url.endsWith(`search=${tag}`) || url.includes(`search=${tag}&`));
    expect(thisSearch.filter((url) => url.includes('cursor='))).toEqual([]);
    expect(thisSearch).toHaveLength(1);

    // The completed tab pages the same way.
    await page.getByRole('tab', { name: /^Completed Orders/ }).click();
    await expect(orderNumberCells(page).first()).toHaveText(numbers[1996] as string);
    await expect(page.getByText('Showing 50 of 500 orders')).toBeVisible();
  });
});
