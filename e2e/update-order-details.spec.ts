import { choose, recordWrites, twoItems } from './support/edit-order.ts';
import { isoDay } from './support/studio-api.ts';
import { expect, holdRequests, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

test.describe('update order details (the edit screen saves the order fields)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
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
    // Hold the order call back until the saving state has been seen.
    const saving = await holdRequests(page, '**/api/admin/orders/*/status');
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByRole('button', { name: 'Updating Order...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
    await expect(page.getByLabel('Customer Name')).toBeDisabled();
    await expect(page.getByLabel('Tracking Number (Parcelforce)')).toBeDisabled();
    saving.release();

    await expect(
      page.getByText(`Order ${order.orderNumber} has been updated successfully.`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Order Updated', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    const [item1, item2] = order.items;
    await expect
      .poll(() => writes.map((write) => write.path))
      .toEqual([
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
    // Signed out once the app is back on the landing page: a sign-in sent before the sign-out's answer
    // came back had its new session cookie cleared by that answer.
    await expect(page).toHaveURL(/\/$/);
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto(`/orders/${order.orderNumber}`);
    await expect(page.getByText('PF777GB')).toBeVisible();
    const items = page.getByRole('listitem').filter({ has: page.getByRole('progressbar') });
    await expect(items.filter({ hasText: 'Irons' })).toContainText('Order Placed With Manufacturer');
    await expect(page.getByText('Shaft: stiff flex')).toHaveCount(0);
  });

  test('two admins edit the same order: a field only one changed merges, a field both changed is chosen side by side', async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder();
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await expect(page.getByLabel('Customer Name')).toHaveValue(order.customerName);
    // Someone else changes the order meanwhile: this form's version is no longer current (409).
    await studio.patchOrder(order.orderNumber, {
      status: order.status,
      trackingNumber: 'PF-OTHER',
      fitterNotes: 'Theirs',
    });
    await page.getByLabel('Tracking Number (Parcelforce)').fill('PF-MINE');
    await page.getByLabel('Customer Notes').fill('Mine: collect Friday');
    await page.getByRole('checkbox', { name: 'Notify Customer' }).click();
    await page.getByRole('button', { name: 'Update Order' }).click();

    await expect(page.getByRole('heading', { name: 'Changed by someone else' })).toBeVisible();
    const field = page.getByRole('group', { name: 'Tracking Number' });
    await expect(field.getByText('PF-MINE')).toBeVisible();
    await expect(field.getByText('PF-OTHER')).toBeVisible();
    await field.getByRole('radio', { name: /Current/ }).check();
    await page.getByRole('button', { name: 'Keep My Choices' }).click();
    await expect(
      page.getByText(`Order ${order.orderNumber} has been updated successfully.`, { exact: true }),
    ).toBeVisible();

    await expect
      .poll(async () => {
        const saved = await studio.getOrder(order.orderNumber);
        return [saved.trackingNumber, saved.fitterNotes, saved.customerNotes];
      })
      .toEqual(['PF-OTHER', 'Theirs', 'Mine: collect Friday']);
  });

  test('a save refused by the server shows the error toast and stays on the page', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await expect(page.getByLabel('Customer Name')).toHaveValue(order.customerName);
    await page.getByLabel('Or paste a document URL').fill('http://insecure.example.com/spec.pdf');
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByText('Failed to update order. Please try again.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/edit-order/${order.orderNumber}$`));
    await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0);
  });
});
