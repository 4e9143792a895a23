import { ADMIN } from './support/admin.ts';
import { isoDay, uniqueEmail } from './support/studio-api.ts';
import { expect, expectAccessible, orderNumberCells, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

const done = { status: 'order_collected_shipped', estimatedDelivery: isoDay(-5) };

test.describe('admin dashboard (/admin/dashboard)', () => {
  test('shows the four buttons, the filter bar, both tabs and the seven columns', async ({ page, studio }) => {
    await studio.addOrder();
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    // They are buttons that lead to a screen: each is found as a button and as a link to it.
    for (const [name, href] of [
      ['Add New Order', '/admin/add-order'],
      ['Import Customer Data', '/admin/import'],
      ['Email Logs', '/admin/email-logs'],
    ] as const) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      await expect(page.getByText(name, { exact: true })).toHaveCount(1);
    }
    await expect(page.getByRole('button', { name: 'Test Email', exact: true })).toBeVisible();
    // The customers' search and status filter bar, the same words.
    await expect(page.getByPlaceholder('Search by order number or product', { exact: true })).toBeVisible();
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
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tab', { name: /^Active Orders \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /^Completed Orders \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([
      'Order ID',
      'Customer',
      'Date',
      'Status',
      'ALL ETAs ADDED',
      'Total',
      'Actions',
    ]);
    await expectAccessible(page);
  });

  test('opened directly, the list is asked for once: as the app starts, and not again as the page mounts', async ({
    page,
    studio,
  }) => {
    await studio.addOrder();
    await signInAsAdmin(page);
    const lists: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/orders') lists.push(request.url());
    });
    await page.goto('/admin/dashboard');
    await expect(orderNumberCells(page).first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(lists).toEqual([expect.stringContaining('/api/admin/orders?tab=active&limit=50')]);
  });

  test('search matches order number, customer name and email; tabs count and split active from completed', async ({
    page,
    studio,
  }) => {
    const tag = Date.now().toString(36);
    const email = uniqueEmail(`dash${tag}`);
    const active = await studio.addOrder({ customerEmail: email, customerName: `Alice ${tag}` });
    const complete = await studio.addOrder({ customerEmail: email, customerName: `Alice ${tag}`, items: [done, done] });
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    const search = page.getByPlaceholder('Search by order number or product');
    const rows = page
      .getByRole('tabpanel')
      .getByRole('row')
      .filter({ has: orderNumberCells(page) });

    await search.fill(`Alice ${tag}`);
    await expect(page.getByRole('tab', { name: 'Active Orders (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Completed Orders (1)' })).toBeVisible();
    await expect(orderNumberCells(rows)).toHaveText([active.orderNumber]);
    await page.getByRole('tab', { name: 'Completed Orders (1)' }).click();
    await expect(orderNumberCells(rows)).toHaveText([complete.orderNumber]);
    await expect(rows.first().getByText('COMPLETE', { exact: true })).toBeVisible();
    await expect(rows.first()).toContainText('Order Collected/Shipped');
    await expect(rows.first().getByRole('img', { name: 'All ETAs added' })).toBeVisible();

    await search.fill(email.toUpperCase());
    await expect(page.getByRole('tab', { name: 'Completed Orders (1)' })).toBeVisible();
    await search.fill(active.orderNumber);
    await expect(page.getByRole('tab', { name: 'Completed Orders (0)' })).toBeVisible();
    await expect(page.getByText('No completed orders found')).toBeVisible();
    await page.getByRole('tab', { name: 'Active Orders (1)' }).click();
    await expect(orderNumberCells(rows)).toHaveText([active.orderNumber]);
    await search.fill(`nobody ${tag}`);
    await expect(page.getByText('No active orders found')).toBeVisible();
  });

  test('a row shows date, derived status, OVERDUE, the ETA cross, total, Edit and View', async ({ page, studio }) => {
    const tag = Date.now().toString(36);
    const overdue = await studio.addOrder({
      customerName: `Olly ${tag}`,
      items: [
        { status: 'order_placed_with_manufacturer', estimatedDelivery: isoDay(-2) },
        { status: 'order_arrived_awaiting_qc', estimatedDelivery: isoDay(-2) },
      ],
    });
    const missingEta = await studio.addOrder({
      customerName: `Olly ${tag}`,
      items: [
        { status: 'order_checked_ready_for_collection', estimatedDelivery: isoDay(3) },
        { status: 'order_arrived_awaiting_qc' },
      ],
    });
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page.getByPlaceholder('Search by order number or product').fill(`Olly ${tag}`);
    const row = (number: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name: number, exact: true }) });

    await expect(row(overdue.orderNumber)).toContainText('Order Placed With Manufacturer');
    await expect(row(overdue.orderNumber).getByText('OVERDUE')).toBeVisible();
    await expect(row(overdue.orderNumber).getByRole('img', { name: 'All ETAs added' })).toBeVisible();
    await expect(row(overdue.orderNumber)).toContainText('£914.00');
    await expect(row(missingEta.orderNumber)).toContainText('Order Arrived at EP - Awaiting Quality Checks');
    await expect(row(missingEta.orderNumber).getByText('OVERDUE')).toHaveCount(0);
    await expect(row(missingEta.orderNumber).getByRole('img', { name: 'ETAs missing' })).toBeVisible();

    await expect(row(overdue.orderNumber).getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute(
      'href',
      `/admin/edit-order/${overdue.orderNumber}`,
    );
    await row(overdue.orderNumber).getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/edit-order/${overdue.orderNumber}$`));
    await page.goBack();
    await row(overdue.orderNumber).getByRole('button', { name: 'View', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${overdue.orderNumber}$`));
    await expect(page.getByRole('link', { name: 'Back to Admin Dashboard' })).toBeVisible();
  });

  test('the status filter narrows the table', async ({ page, studio }) => {
    const tag = Date.now().toString(36);
    const ready = await studio.addOrder({
      customerName: `Fil ${tag}`,
      items: [{ status: 'order_checked_ready_for_collection' }],
    });
    await studio.addOrder({ customerName: `Fil ${tag}` });
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page.getByPlaceholder('Search by order number or product').fill(`Fil ${tag}`);
    await expect(page.getByRole('tab', { name: 'Active Orders (2)' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Order Checked & Ready For Collection' }).click();
    await expect(page.getByRole('tab', { name: 'Active Orders (1)' })).toBeVisible();
    await expect(orderNumberCells(page)).toHaveText([ready.orderNumber]);
  });

  test('Test Email opens a dialog that sends to the typed address and reports the outcome', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Test Email' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email Address').fill('studio@example.com');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/admin/test-email'));
    await dialog.getByRole('button', { name: 'Send Test Email' }).click();
    expect((await sent).postDataJSON()).toEqual({ email: 'studio@example.com' });
    await expect(page.getByText(/^Email Test (Successful|Failed)$/)).toBeVisible();
  });

  test('a signed-out visitor goes to /; a customer goes to /dashboard', async ({ page, studio }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/$/);
    const order = await studio.addOrder();
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the other admin screens send non-admins to /dashboard and signed-out visitors to /admin', async ({
    page,
    studio,
  }) => {
    const screens = ['/admin/add-order', '/admin/import', '/admin/email-logs', '/admin/edit-order/EP-0001'];
    for (const path of screens) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin$/);
    }
    const order = await studio.addOrder();
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    for (const path of screens) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
  });

  test('the buttons lead to their screens, by mouse and by keyboard', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Add New Order' }).click();
    await expect(page).toHaveURL(/\/admin\/add-order$/);
    await expect(page.getByRole('heading', { name: 'Add New Order' })).toBeVisible();
    await page.goBack();
    await page.getByRole('button', { name: 'Import Customer Data' }).click();
    await expect(page).toHaveURL(/\/admin\/import$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    // Only the button takes focus (the link around it does not), and Enter follows it.
    await page.getByRole('button', { name: 'Import Customer Data' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Email Logs' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/email-logs$/);
    await expect(page.getByRole('heading', { name: 'Email Event Logs' })).toBeVisible();
  });

  test('after Sign Out the next admin on the device starts with a clear search, filter and tab', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page.getByPlaceholder('Search by order number or product').fill('no such order');
    await page.getByRole('tab', { name: /^Completed Orders/ }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Back in without reloading the app: the same UI state would still be in memory.
    await page.getByRole('link', { name: 'Staff Login' }).click();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByPlaceholder('Search by order number or product')).toHaveValue('');
    await expect(page.getByRole('tab', { name: /^Active Orders/ })).toHaveAttribute('aria-selected', 'true');
  });
});
