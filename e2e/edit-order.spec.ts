import { recordWrites, twoItems } from './support/edit-order.ts';
import { isoDay } from './support/studio-api.ts';
import { expect, expectAccessible, holdRequests, signInAsAdmin, test } from './support/test.ts';

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
    const order = await holdRequests(page, '**/api/orders/EP-99999');
    await page.goto('/admin/edit-order/EP-99999');
    await expect(page.getByText('Loading order...')).toBeVisible();
    order.release();
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

  test('Cancel goes back to the dashboard without saving', async ({ page, studio }) => {
    const order = await studio.addOrder();
    const writes = recordWrites(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByLabel('Tracking Number (Parcelforce)').fill('PF-NOT-SAVED');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(writes).toEqual([]);
  });
});
