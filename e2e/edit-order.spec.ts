import type { Page, Request } from '@playwright/test';
import { isoDay } from './support/studio-api.ts';
import { expect, expectAccessible, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

/** Every write the edit page makes, in order: method, path, body and the x-send-email header. */
function recordWrites(page: Page) {
  const writes: { path: string; body: Record<string, unknown>; sendEmail: string | undefined }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'GET' || !request.url().includes('/api/admin/')) return;
    writes.push({
      path: new URL(request.url()).pathname,
      body: request.postDataJSON() as Record<string, unknown>,
      sendEmail: request.headers()['x-send-email'],
    });
  });
  return writes;
}

async function choose(page: Page, label: string, option: string, nth = 0) {
  await page.getByLabel(label, { exact: true }).nth(nth).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const twoItems = [
  { name: 'Driver', manufacturer: 'Titleist', estimatedDelivery: isoDay(10) },
  { name: 'Irons', price: 40_000, manufacturer: 'Mizuno' },
];

test.describe('edit order (/admin/edit-order/{orderNumber})', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('shows every card, prefilled, with Notify Customer ticked', async ({ page, studio }) => {
    const order = await studio.addOrder({
      customerPhone: '07700 900456',
      trackingNumber: 'PF555GB',
      notes: 'Left-handed grips',
      items: twoItems,
    });
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await expect(page.getByRole('heading', { name: `Edit Order ${order.orderNumber}` })).toBeVisible();
    await expect(page.getByText('Update order details, status, and individual item information')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin');
    for (const card of [
      'Customer Information',
      'Order Status & Details',
      'Customer Spec Sheet & Fitting Data',
      'Individual Item Details',
    ]) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
    await expect(page.getByLabel('Customer Name')).toHaveValue(order.customerName);
    await expect(page.getByLabel('Customer Email')).toHaveValue(order.customerEmail);
    await expect(page.getByLabel('Customer Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Phone')).toHaveValue('07700 900456');
    await expect(page.getByLabel('Phone')).toHaveAttribute('placeholder', 'Enter phone number');
    await expect(page.getByLabel('Order Date')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Address Line 1').first()).toHaveValue('1 Fairway Lane');
    await expect(page.getByLabel('Address Line 2 (Optional)')).toHaveCount(2);
    await expect(page.getByLabel('Tracking Number (Parcelforce)')).toHaveValue('PF555GB');
    await expect(page.getByLabel('Customer Notes')).toHaveValue('Left-handed grips');
    await expect(page.getByLabel('Fitter Notes')).toBeVisible();
    await expect(page.getByLabel('Upload PDF')).toHaveAttribute('accept', /\.pdf/);
    await expect(page.getByLabel('Or paste a document URL')).toHaveAttribute('type', 'url');
    await expect(page.getByRole('group', { name: 'Driver — £499.00' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Irons — £400.00' })).toBeVisible();
    // Each item's name and price can be read on their own.
    await expect(page.getByText('Driver', { exact: true })).toBeVisible();
    await expect(page.getByText('£400.00', { exact: true })).toBeVisible();
    await expect(page.getByLabel('ETA', { exact: true }).first()).toHaveValue(isoDay(10));
    // The Notify Customer checkbox, found by its name or by its sentence.
    await expect(page.getByRole('checkbox', { name: 'Notify Customer' })).toBeChecked();
    await expect(page.getByLabel('Send email notification to customer about this update')).toBeChecked();
    await expect(
      page.getByText('Send email notification to customer about this update', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Cancel', exact: true })).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('button', { name: 'Update Order' })).toBeEnabled();

    await page.getByLabel('Upload PDF').setInputFiles({
      name: 'fitting-notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await expect(page.getByText('fitting-notes.pdf')).toBeVisible();
    await expectAccessible(page);
  });

  test('shows Loading order... first, and Order Not Found for an unknown number', async ({ page }) => {
    await page.route('**/api/orders/EP-99999', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/admin/edit-order/EP-99999');
    await expect(page.getByText('Loading order...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin');
  });

  test('a missing name and an invalid email are refused before anything is sent', async ({ page, studio }) => {
    const order = await studio.addOrder();
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByLabel('Customer Name').fill('');
    await page.getByLabel('Customer Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByText('Customer name is required')).toBeVisible();
    await expect(page.getByText('Valid email is required')).toBeVisible();
    expect(writes).toEqual([]);
  });

  test('saving sends the order, then only the changed item with x-send-email; the customer sees the change', async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder({ items: twoItems });
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByLabel('Tracking Number (Parcelforce)').fill('PF777GB');
    await page.getByLabel('Fitter Notes').fill('Shaft: stiff flex');
    await choose(page, 'Status', 'Order Placed With Manufacturer', 1);
    await page.getByLabel('ETA', { exact: true }).nth(1).fill(isoDay(21));
    // Hold the order call back a moment, to see the saving state.
    await page.route('**/api/admin/orders/*/status', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByRole('button', { name: 'Updating Order...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    await expect(page.getByLabel('Customer Name')).toBeDisabled();
    await expect(page.getByLabel('Tracking Number (Parcelforce)')).toBeDisabled();

    await expect(
      page.getByText(`Order ${order.orderNumber} has been updated successfully.`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Order Updated', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    const [item1, item2] = order.items;
    expect(writes.map((write) => write.path)).toEqual([
      `/api/admin/orders/${order.orderNumber}/status`,
      `/api/admin/orders/${order.orderNumber}/items/${item2!.id}`,
    ]);
    expect(writes[0]!.body).toMatchObject({
      trackingNumber: 'PF777GB',
      fitterNotes: 'Shaft: stiff flex',
      customerName: order.customerName,
      notifyCustomer: false,
    });
    expect(writes[0]!.sendEmail).toBeUndefined();
    expect(writes[1]!.body).toEqual({ status: 'order_placed_with_manufacturer', estimatedDelivery: isoDay(21) });
    expect(writes[1]!.sendEmail).toBe('true');
    expect(item1).toBeDefined();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto(`/orders/${order.orderNumber}`);
    await expect(page.getByText('PF777GB')).toBeVisible();
    const items = page.getByRole('listitem').filter({ has: page.getByRole('progressbar') });
    await expect(items.filter({ hasText: 'Irons' })).toContainText('Order Placed With Manufacturer');
    await expect(page.getByText('Shaft: stiff flex')).toHaveCount(0);
  });

  test('with nothing changed and Notify ticked, the first item is re-sent with its status and x-send-email', async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder({ items: twoItems });
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(writes.map((write) => write.path)).toEqual([
      `/api/admin/orders/${order.orderNumber}/status`,
      `/api/admin/orders/${order.orderNumber}/items/${order.items[0]!.id}`,
    ]);
    expect(writes[1]!.body).toEqual({ status: 'order_being_processed' });
    expect(writes[1]!.sendEmail).toBe('true');
  });

  test('with Notify unticked, changed items are sent in order and none asks for an email', async ({ page, studio }) => {
    const order = await studio.addOrder({ items: twoItems });
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByLabel('ETA', { exact: true }).nth(0).fill(isoDay(15));
    await page.getByLabel('ETA', { exact: true }).nth(1).fill(isoDay(16));
    await page.getByRole('checkbox', { name: 'Notify Customer' }).click();
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(writes.map((write) => write.path)).toEqual([
      `/api/admin/orders/${order.orderNumber}/status`,
      `/api/admin/orders/${order.orderNumber}/items/${order.items[0]!.id}`,
      `/api/admin/orders/${order.orderNumber}/items/${order.items[1]!.id}`,
    ]);
    expect(writes.map((write) => write.sendEmail)).toEqual([undefined, undefined, undefined]);
    // Each item call carries only what changed on it (here its ETA).
    expect(writes[1]!.body).toEqual({ estimatedDelivery: isoDay(15) });
    expect(writes[2]!.body).toEqual({ estimatedDelivery: isoDay(16) });
  });

  test('an item call carries only its changed fields; a cleared ETA is sent as null', async ({ page, studio }) => {
    const order = await studio.addOrder({ items: twoItems });
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByLabel('ETA', { exact: true }).nth(0).fill('');
    await choose(page, 'Manufacturer', 'Ping', 1);
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(writes.slice(1)).toEqual([
      {
        path: `/api/admin/orders/${order.orderNumber}/items/${order.items[0]!.id}`,
        body: { estimatedDelivery: null },
        sendEmail: undefined,
      },
      {
        path: `/api/admin/orders/${order.orderNumber}/items/${order.items[1]!.id}`,
        body: { manufacturer: 'Ping' },
        sendEmail: 'true',
      },
    ]);
    const saved = await studio.getOrder(order.orderNumber);
    expect(saved.items.map((item) => [item.estimatedDelivery, item.manufacturer])).toEqual([
      [null, 'Titleist'],
      [null, 'Ping'],
    ]);
  });

  test('Cancel goes back to the dashboard without saving', async ({ page, studio }) => {
    const order = await studio.addOrder();
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByLabel('Tracking Number (Parcelforce)').fill('PF-NOT-SAVED');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(writes).toEqual([]);
  });

  test('a save refused by the server shows the error toast and stays on the page', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await expect(page.getByLabel('Customer Name')).toHaveValue(order.customerName);
    // Someone else changes the order meanwhile: this form's version is no longer current (409).
    await studio.patchOrder(order.orderNumber, {
      status: 'order_placed_with_manufacturer',
      trackingNumber: 'PF-OTHER',
    });
    await page.getByLabel('Tracking Number (Parcelforce)').fill('PF-MINE');
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByText('Failed to update order. Please try again.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/edit-order/${order.orderNumber}$`));
  });
});
