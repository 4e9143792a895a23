import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { isoDay, uniqueEmail } from './support/studio-api.ts';
import { expect, expectAccessible, orderNumberCells, signInAsAdmin, test } from './support/test.ts';

async function choose(page: Page, label: string, option: string, nth = 0) {
  await page.getByLabel(label, { exact: true }).nth(nth).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const sections = [
  'Order Information',
  'Customer Information',
  'Shipping Address',
  'Billing Address',
  'Order Details',
  'Order Items',
  'Custom Fit Specification',
];

test.describe('place order (/admin/add-order)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('shows the seven sections, the next order number and the defaults', async ({ page, studio }) => {
    const next = (await (await studio.http.get('/api/admin/next-order-number')).json()) as { nextOrderNumber: string };
    const sequence = (number: string) => Number(number.replace(/\D/g, ''));
    await page.goto('/admin/add-order');
    await expect(page.getByRole('heading', { name: 'Add New Order' })).toBeVisible();
    for (const section of sections)
      await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
    // Another worker may add an order meanwhile: the number shown is the next one or a later one.
    await expect(page.getByLabel('Order Number')).toHaveValue(/^EP-\d{4,}$/);
    const shown = await page.getByLabel('Order Number').inputValue();
    expect(sequence(shown)).toBeGreaterThanOrEqual(sequence(next.nextOrderNumber));
    // It is also on the screen as text, where a search by visible text finds it once.
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Order Date')).toHaveValue(format(new Date(), 'yyyy-MM-dd'));
    await expect(page.getByLabel('Country').first()).toHaveValue('United Kingdom');
    await expect(page.getByLabel('Shipping (£)')).toHaveValue('0');
    await expect(page.getByLabel('Amount Paid (£)')).toHaveValue('0');
    await expect(page.getByLabel('Tax (£)')).toHaveValue('0.00');
    await expect(page.getByLabel('Quantity')).toHaveValue('1');
    await expect(page.getByRole('checkbox', { name: 'Same as shipping address' })).toBeChecked();
    await expect(page.getByLabel('Total (£)', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Amount Remaining (£)')).toHaveAttribute('readonly', '');
    await choose(page, 'Item Type', 'Driver');
    await page.getByLabel('Item Type').click();
    await expect(page.getByRole('option')).toHaveText([
      'Driver',
      'Fairway Wood',
      'Hybrid',
      'Utility Iron',
      'Irons',
      'Wedges',
    ]);
    await page.keyboard.press('Escape');
    await page.getByLabel('Manufacturer *').click();
    await expect(page.getByRole('option')).toHaveText([
      'Titleist',
      'Mizuno',
      'Srixon',
      'TaylorMade',
      'Cobra',
      'Callaway',
      'Ping',
      'Cleveland',
    ]);
    await page.keyboard.press('Escape');
    await expectAccessible(page);
  });

  test('every validation message of the add-order form appears under its field', async ({ page }) => {
    await page.goto('/admin/add-order');
    await page.getByLabel('Order Date').fill('');
    await page.getByLabel('Shipping (£)').fill('');
    await page.getByLabel('Amount Paid (£)').fill('');
    await page.getByLabel('Quantity').fill('');
    await page.getByRole('checkbox', { name: 'Same as shipping address' }).click();
    await page.getByRole('button', { name: 'Add Order' }).click();
    for (const message of [
      'Order date is required',
      'Customer name is required',
      'Invalid email address',
      'Subtotal is required',
      'Shipping cost is required',
      'Total is required',
      'Amount paid is required',
      'Amount remaining is required',
      'Billing address is required when not using the same shipping address',
      'Item name is required',
      'Price is required',
      'Quantity is required',
    ]) {
      await expect(page.getByText(message, { exact: true }), message).toBeVisible();
    }
    await expectAccessible(page);
    // Once the amounts are typed, the computed fields have values and their messages go.
    await page.getByLabel('Subtotal (£)').fill('100');
    await page.getByLabel('Shipping (£)').fill('5');
    await page.getByLabel('Amount Paid (£)').fill('0');
    await expect(page.getByLabel('Total (£)', { exact: true })).toHaveValue('105.00');
    await expect(page.getByText('Total is required', { exact: true })).toBeHidden();
    await expect(page.getByText('Amount remaining is required', { exact: true })).toBeHidden();
    await expect(page.getByLabel('Total (£)', { exact: true })).not.toHaveAttribute('aria-invalid');
  });

  test('total and remaining are computed, read-only, in pounds', async ({ page }) => {
    await page.goto('/admin/add-order');
    await page.getByLabel('Subtotal (£)').fill('899');
    await page.getByLabel('Shipping (£)').fill('15.5');
    await expect(page.getByLabel('Total (£)', { exact: true })).toHaveValue('914.50');
    await page.getByLabel('Amount Paid (£)').fill('200');
    await expect(page.getByLabel('Amount Remaining (£)')).toHaveValue('714.50');
    await page.getByLabel('Amount Paid (£)').fill('1000');
    await expect(page.getByLabel('Amount Remaining (£)')).toHaveValue('0.00');
  });

  test('items can be added and removed, but the last one cannot', async ({ page }) => {
    await page.goto('/admin/add-order');
    await expect(page.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByRole('group', { name: /^Item \d$/ })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Remove item 1' })).toBeEnabled();
    await page.getByRole('button', { name: 'Remove item 2' }).click();
    await expect(page.getByRole('group', { name: /^Item \d$/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
  });

  test('customer search starts past 1 character, shows at most 5 matches and fills the form', async ({
    page,
    studio,
  }) => {
    const tag = `Zed${Date.now().toString(36)}`;
    for (let i = 0; i < 6; i++) await studio.addOrder({ customerName: `${tag} Customer ${i}` });
    const billingEmail = uniqueEmail('billing');
    await studio.addOrder({
      customerName: `${tag} Billing`,
      customerEmail: billingEmail,
      customerPhone: '07700 900123',
      sameBillingAddress: false,
      billingAddress: {
        name: 'Accounts Dept',
        address1: '9 Ledger Road',
        address2: '',
        city: 'Leeds',
        state: 'West Yorkshire',
        zipCode: 'LS1 1AA',
        country: 'United Kingdom',
      },
    });
    await page.goto('/admin/add-order');
    const search = page.getByLabel('Search Existing Customers');
    const matches = page.getByRole('list', { name: 'Matching customers' }).getByRole('button');
    let searched = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/customers')) searched++;
    });
    await search.fill('Z');
    await page.waitForTimeout(600);
    expect(searched, 'no search for a single character').toBe(0);
    await search.fill(tag);
    await expect(matches).toHaveCount(5);

    await search.fill(`${tag} Bill`);
    await expect(matches).toHaveCount(1);
    await matches.first().click();
    await expect(page.getByLabel('Customer Name')).toHaveValue(`${tag} Billing`);
    await expect(page.getByLabel('Customer Email')).toHaveValue(billingEmail);
    await expect(page.getByLabel('Customer Phone')).toHaveValue('07700 900123');
    await expect(page.getByLabel('Address Line 1').first()).toHaveValue('1 Fairway Lane');
    await expect(page.getByRole('checkbox', { name: 'Same as shipping address' })).not.toBeChecked();
    await expect(page.getByLabel('Address Line 1').nth(1)).toHaveValue('9 Ledger Road');

    // An order's customer has a billing name (the order's billing address, here the shipping one): unchecked.
    await search.fill(`${tag} Customer 1`);
    await matches.first().click();
    await expect(page.getByLabel('Customer Name')).toHaveValue(`${tag} Customer 1`);
    await expect(page.getByRole('checkbox', { name: 'Same as shipping address' })).not.toBeChecked();
    await expect(page.getByLabel('Full Name').nth(1)).toHaveValue('Jane Golfer');

    // An imported customer has no billing name: billing stays the same as shipping.
    const imported = uniqueEmail('imported');
    const answer = await studio.http.post('/api/admin/import-customers', {
      data: [{ firstName: tag, lastName: 'Imported', email: imported, phone: '' }],
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    await search.fill(`${tag} Imported`);
    await expect(matches).toHaveCount(1);
    await matches.first().click();
    await expect(page.getByLabel('Customer Email')).toHaveValue(imported);
    await expect(page.getByRole('checkbox', { name: 'Same as shipping address' })).toBeChecked();
  });

  test('a server refusal shows its message in the failure toast', async ({ page }) => {
    await page.goto('/admin/add-order');
    await page.getByLabel('Customer Name').fill('Refused Order');
    await page.getByLabel('Customer Email').fill(uniqueEmail('refused'));
    await page.getByLabel('Subtotal (£)').fill('100');
    await choose(page, 'Item Type', 'Wedges');
    await page.getByLabel('Price (£)').fill('100');
    await page.getByLabel('Document URL (Optional)').fill('http://insecure.example.com/spec.pdf');
    await page.getByRole('button', { name: 'Add Order' }).click();
    await expect(page.getByText('Document URL must be an https URL', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Customer Name')).toHaveValue('Refused Order');
  });
});

test('an order added in the form shows on the admin dashboard and to its customer with the right statuses', async ({
  page,
}) => {
  const email = uniqueEmail('journey');
  await page.goto('/admin');
  await page.getByLabel('Username').fill(process.env.E2E_ADMIN_USERNAME ?? 'e2e-admin');
  await page.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD ?? 'e2e admin password, long enough');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Add New Order' }).click();
  await expect(page.getByLabel('Order Number')).toHaveValue(/^EP-\d{4,}$/);

  await page.getByLabel('Customer Name').fill('Journey Golfer');
  await page.getByLabel('Customer Email').fill(email);
  await page.getByLabel('Full Name').fill('Journey Golfer');
  await page.getByLabel('Address Line 1').fill('18 Links Road');
  await page.getByLabel('City').fill('Carnoustie');
  await page.getByLabel('Postal Code').fill('DD7 7JE');
  await page.getByLabel('Subtotal (£)').fill('899.00');
  await page.getByLabel('Shipping (£)').fill('15');
  await page.getByLabel('Amount Paid (£)').fill('200');
  await page.getByLabel('Tracking Number (Optional)').fill('PF000111222GB');
  await choose(page, 'Item Type', 'Driver');
  await page.getByLabel('Price (£)').fill('499');
  await choose(page, 'Manufacturer *', 'Titleist');
  await choose(page, 'Status', 'Order Placed With Manufacturer');
  await page.getByLabel('ETA *').fill(isoDay(14));
  await page.getByRole('button', { name: 'Add Item' }).click();
  await choose(page, 'Item Type', 'Irons', 1);
  await page.getByLabel('Price (£)').nth(1).fill('400');
  await page.getByLabel('Quantity').nth(1).fill('2');
  await choose(page, 'Manufacturer *', 'Mizuno', 1);
  await page.getByLabel('Document URL (Optional)').fill('https://example.com/fit.pdf');

  const posted = page.waitForRequest(
    (request) => request.url().endsWith('/api/admin/orders') && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Add Order' }).click();
  const payload = (await posted).postDataJSON();
  expect(payload).toMatchObject({
    customerEmail: email,
    status: 'order_being_processed',
    subtotal: 89_900,
    shipping: 1_500,
    tax: 0,
    total: 91_400,
    amountPaid: 20_000,
    amountRemaining: 71_400,
    trackingNumber: 'PF000111222GB',
    estimatedDelivery: null,
    billingAddress: { address1: '18 Links Road', country: 'United Kingdom' },
  });
  expect(payload.items).toHaveLength(2);
  expect(payload.items[0]).toMatchObject({
    name: 'Driver',
    price: 49_900,
    quantity: 1,
    manufacturer: 'Titleist',
    status: 'order_placed_with_manufacturer',
    estimatedDelivery: isoDay(14),
    documentUrl: 'https://example.com/fit.pdf',
  });
  expect(payload.items[1]).toMatchObject({ name: 'Irons', price: 40_000, quantity: 2, manufacturer: 'Mizuno' });
  expect(payload.items[1].sku).toBeTruthy();

  const added = page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByRole('listitem')
    .filter({ hasText: 'Order Added' });
  await expect(added).toContainText(/Order EP-\d+ has been added successfully\./);
  const actualNumber = /Order (EP-\d+) has/.exec((await added.textContent()) ?? '')?.[1] ?? '';
  await expect(page.getByLabel('Customer Name')).toHaveValue('');
  await expect(page.getByLabel('Order Number')).not.toHaveValue(actualNumber);
  await expect(page.getByText(actualNumber, { exact: true })).toBeHidden();

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await page.getByPlaceholder('Search by order number or product').fill(email);
  await expect(orderNumberCells(page)).toHaveText([actualNumber]);
  await expect(page.getByRole('row').filter({ hasText: actualNumber })).toContainText('Order Being Processed');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Order Number').fill(actualNumber);
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('article').getByRole('heading')).toHaveText([actualNumber]);
  await page.getByRole('link', { name: /View Details/ }).click();
  const items = page.getByRole('listitem').filter({ has: page.getByRole('progressbar') });
  await expect(items.filter({ hasText: 'Driver' })).toContainText('Order Placed With Manufacturer');
  await expect(items.filter({ hasText: 'Driver' })).toContainText('40%');
  await expect(items.filter({ hasText: 'Irons' })).toContainText('Order Being Processed');
  await expect(items.filter({ hasText: 'Irons' })).toContainText('Quantity: 2');
  await expect(page.getByRole('heading', { name: 'Custom Fit Specification' })).toBeVisible();
});
