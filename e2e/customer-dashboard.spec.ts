import { format, parseISO } from 'date-fns';
import { isoDay, uniqueEmail } from './support/studio-api.ts';
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

const day = (iso: string) => format(parseISO(iso), 'MMM dd, yyyy');
const done = { status: 'order_collected_shipped', estimatedDelivery: isoDay(-10) };

test.describe('customer orders list (/dashboard)', () => {
  test('each card shows number, ETA or TBC, order date, items and total, paid, remaining, delivery and View Details', async ({
    page,
    studio,
  }) => {
    const email = uniqueEmail('cards');
    const withEta = await studio.addOrder({
      customerEmail: email,
      orderDate: isoDay(-5),
      items: [
        { name: 'Driver', estimatedDelivery: isoDay(20) },
        { name: 'Wedges', price: 40_000, estimatedDelivery: isoDay(30) },
      ],
    });
    const noEta = await studio.addOrder({ customerEmail: email, orderDate: isoDay(-4), items: [{ name: 'Hybrid' }] });
    const complete = await studio.addOrder({ customerEmail: email, orderDate: isoDay(-1), items: [done, done] });
    await signInAsCustomer(page, email, withEta.orderNumber);
    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
    const cards = page.getByRole('article');
    // Complete orders come after the others; within each group the newest order date first.
    await expect(cards.getByRole('heading')).toHaveText([noEta.orderNumber, withEta.orderNumber, complete.orderNumber]);

    const active = cards.filter({ hasText: withEta.orderNumber });
    await expect(active).toContainText(`Current ETA (Whole Order): ${day(isoDay(30))}`);
    await expect(active).toContainText(`Ordered on ${day(isoDay(-5))}`);
    await expect(active).toContainText('2 items · £914.00');
    await expect(active).toContainText('Paid: £200.00');
    await expect(active).toContainText('Remaining: £714.00');
    await expect(active).toContainText(`Est. delivery: ${day(isoDay(30))}`);
    await expect(active).not.toContainText('COMPLETE');
    await expect(active.getByRole('link', { name: 'View Details', exact: true })).toHaveAttribute(
      'href',
      `/orders/${withEta.orderNumber}`,
    );

    const waiting = cards.filter({ hasText: noEta.orderNumber });
    await expect(waiting).toContainText('Current ETA (Whole Order): TBC');
    await expect(waiting).toContainText('1 item ·');

    const finished = cards.filter({ hasText: complete.orderNumber });
    await expect(finished.getByText('COMPLETE', { exact: true })).toBeVisible();
    await expect(finished.getByText('ORDER COMPLETED')).toBeVisible();
    await expect(finished).not.toContainText('Current ETA');
    await expect(finished).toContainText(/Delivered on: |Est\. delivery: /);

    await active.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${withEta.orderNumber}$`));
    await page.goBack();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test('10 orders per page with Previous/Next and "Showing X to Y of Z orders"', async ({ page, studio }) => {
    const email = uniqueEmail('pages');
    const orders = [];
    for (let i = 0; i < 12; i++) {
      orders.push(
        await studio.addOrder({ customerEmail: email, orderDate: isoDay(-30 + i), items: [{ name: 'Irons' }] }),
      );
    }
    await signInAsCustomer(page, email, orders[0]!.orderNumber);
    await page.goto('/dashboard');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(10);
    await expect(page.getByText('Showing 1 to 10 of 12 orders')).toBeVisible();
    await expect(cards.first().getByRole('heading')).toHaveText(orders[11]!.orderNumber);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 11 to 12 of 12 orders')).toBeVisible();
    await expect(cards.getByRole('heading')).toHaveText([orders[1]!.orderNumber, orders[0]!.orderNumber]);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Showing 1 to 10 of 12 orders')).toBeVisible();
  });

  test('the search waits 300 ms, then matches order number or product; no match shows the empty state', async ({
    page,
    studio,
  }) => {
    const email = uniqueEmail('search');
    const driver = await studio.addOrder({ customerEmail: email, items: [{ name: 'Driver' }] });
    const wedges = await studio.addOrder({ customerEmail: email, items: [{ name: 'Wedges' }] });
    const hybrid = await studio.addOrder({ customerEmail: email, items: [{ name: 'Hybrid' }] });
    await signInAsCustomer(page, email, driver.orderNumber);
    await page.goto('/dashboard');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);

    const search = page.getByPlaceholder('Search by order number or product');
    // Measured in the page itself, so a busy machine can only make the wait look longer, never shorter.
    const waited = await search.evaluate(
      (input: HTMLInputElement, value) =>
        new Promise<number>((resolve) => {
          const count = () => document.querySelectorAll('[role="article"]').length;
          const before = count();
          const observer = new MutationObserver(() => {
            if (count() === before) return;
            observer.disconnect();
            resolve(performance.now() - started);
          });
          observer.observe(document.body, { childList: true, subtree: true });
          const started = performance.now();
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      wedges.orderNumber,
    );
    expect(waited, 'the list changes only after the 300 ms debounce').toBeGreaterThanOrEqual(295);
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('heading')).toHaveText(wedges.orderNumber);

    await search.fill('hybr');
    await expect(cards.getByRole('heading')).toHaveText([hybrid.orderNumber]);

    await search.fill('no such thing');
    await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter to find what you're looking for.")).toBeVisible();
    await expectAccessible(page);
  });

  test('the status filter has all seven options and narrows the list', async ({ page, studio }) => {
    const email = uniqueEmail('filter');
    const processing = await studio.addOrder({ customerEmail: email });
    const placed = await studio.addOrder({
      customerEmail: email,
      items: [{ status: 'order_placed_with_manufacturer' }, { status: 'order_arrived_awaiting_qc' }],
    });
    const complete = await studio.addOrder({ customerEmail: email, items: [done] });
    await signInAsCustomer(page, email, processing.orderNumber);
    await page.goto('/dashboard');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);

    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'All Statuses',
      'Order Being Processed',
      'Order Placed With Manufacturer',
      'Order Arrived at EP - Awaiting Quality Checks',
      'Order Checked & Ready For Collection',
      'Order Collected',
      'Order Shipped',
    ]);
    await page.getByRole('option', { name: 'Order Placed With Manufacturer' }).click();
    await expect(cards.getByRole('heading')).toHaveText([placed.orderNumber]);

    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Order Collected' }).click();
    await expect(cards.getByRole('heading')).toHaveText([complete.orderNumber]);

    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Order Checked & Ready For Collection' }).click();
    await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'All Statuses' }).click();
    await expect(cards).toHaveCount(3);
  });

  test('while loading it shows 3 skeleton rows; a failed load shows the error state', async ({
    page,
    studio,
    browser,
    baseURL,
  }) => {
    const order = await studio.addOrder();
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    // Hold the list until the loading state has been seen, then break the network, to see the two
    // in-between states.
    const list = await holdRequests(page, '**/api/customer/orders');
    await page.goto('/dashboard');
    await expect(page.getByTestId('order-skeleton')).toHaveCount(3);
    // Three rows, each one pulsing block (not three bars per row).
    await expect(page.getByRole('status', { name: 'Loading orders' }).locator('.animate-pulse')).toHaveCount(3);
    list.release();
    await expect(page.getByRole('article')).toHaveCount(1);
    // The server answers with an error and this device keeps nothing (another browser): the error state.
    // A request that gets no answer at all is offline instead, and kept orders stay (bad-signal.spec.ts).
    const elsewhere = await browser.newContext({ baseURL });
    try {
      const other = await elsewhere.newPage();
      await signInAsCustomer(other, order.customerEmail, order.orderNumber);
      await other.route('**/api/customer/orders', (route) => route.fulfill({ status: 500, body: '' }));
      await other.goto('/dashboard');
      await expect(other.getByRole('heading', { name: 'Error loading orders' })).toBeVisible();
      await expect(other.getByText('Please try again later.')).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });

  test('after Sign Out the next customer on the device starts with a clear search and filter', async ({
    page,
    studio,
  }) => {
    const first = await studio.addOrder();
    const next = await studio.addOrder();
    await signInAsCustomer(page, first.customerEmail, first.orderNumber);
    await page.goto('/dashboard');
    await page.getByPlaceholder('Search by order number or product').fill('no such thing');
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Order Shipped' }).click();
    await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();

    await page.getByLabel('Email Address').fill(next.customerEmail);
    await page.getByLabel('Order Number').fill(next.orderNumber);
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByPlaceholder('Search by order number or product')).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveText('All Statuses');
    await expect(page.getByRole('article').getByRole('heading')).toHaveText([next.orderNumber]);
  });

  test('a signed-out visitor goes to /; an admin goes to /admin/dashboard', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await signInAsAdmin(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
