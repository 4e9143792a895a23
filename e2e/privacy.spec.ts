import { readFile } from 'node:fs/promises';
import { uniqueEmail } from './support/studio-api.ts';
import { expect, expectAccessible, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

test.describe('privacy: erasure and access', () => {
  test('staff erase a customer after confirming what goes; the dashboard and the order page show Erased customer', async ({
    page,
    studio,
  }) => {
    const email = uniqueEmail('erase-me');
    const tag = email.slice(9, 17);
    const order = await studio.addOrder({ customerEmail: email, customerName: `Ophelia ${tag}` });
    await signInAsAdmin(page);
    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
    await page.getByLabel('Customer email').fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
    const held = page.getByRole('list', { name: 'Held about this person' });
    await expect(held).toContainText(order.orderNumber);
    await expect(page.getByRole('heading', { name: `Ophelia ${tag}` })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Erase customer' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('This cannot be undone');
    await expect(dialog).toContainText(order.orderNumber);
    const confirm = dialog.getByRole('button', { name: 'Erase permanently' });
    // Nothing goes without a reason.
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Reason/).fill('The customer asked to be forgotten');
    await confirm.click();
    await expect(page.getByRole('status').filter({ hasText: 'Customer erased' })).toContainText(order.orderNumber);

    await page.goto('/admin/dashboard');
    await page.getByPlaceholder('Search by order number or product').fill(order.orderNumber);
    const row = page.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(row).toContainText('Erased customer');
    await expect(row).not.toContainText(`Ophelia ${tag}`);

    await page.goto(`/orders/${order.orderNumber}`);
    await expect(page.getByText('Erased customer', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(`Ophelia ${tag}`)).toHaveCount(0);
  });

  test('a customer downloads their data from the dashboard, as JSON', async ({ page, studio }) => {
    const email = uniqueEmail('my-data');
    const order = await studio.addOrder({ customerEmail: email, customerName: 'Dora Download' });
    await signInAsCustomer(page, email, order.orderNumber);
    await page.goto('/dashboard');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('my-data.json');
    const data = JSON.parse(await readFile((await file.path()) as string, 'utf8')) as {
      email: string;
      orders: { order_number: string; customer_name: string }[];
    };
    expect(data.email).toBe(email);
    expect(data.orders.map((o) => [o.order_number, o.customer_name])).toEqual([[order.orderNumber, 'Dora Download']]);
  });
});
