import { FAKE_SHEET_EMAILS, FAKE_SHEET_ID } from './support/fake-google.ts';
import { orderPayload, uniqueEmail } from './support/studio-api.ts';
import { expect, expectAccessible, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

test.describe('import data (/admin/import)', () => {
  test.beforeEach(async ({ page }) => {
    // Nothing the screen does may leave this machine.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    await signInAsAdmin(page);
    await page.goto('/admin/import');
  });

  test('shows the three sources and the format instructions; submit waits for data', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Import Data', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Google Drive share link')).toBeVisible();
    await expect(page.getByLabel('Upload File')).toHaveAttribute('accept', /\.json.*\.csv/);
    await expect(page.getByLabel('Orders (JSON)')).toBeVisible();
    // Each source is found by its own words: "JSON" is the pasted orders, "CSV" the customers.
    await expect(page.getByLabel(/json/i)).toHaveId('orders-data');
    await expect(page.getByLabel(/csv/i)).toHaveId('customers-data');
    await expect(page.getByLabel(/google drive/i)).toHaveAttribute('type', 'url');
    await expect(page.getByRole('heading', { name: 'Format instructions' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Import Data' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Orders (JSON)').fill('[]');
    await expect(submit).toBeEnabled();
    await page.getByLabel('Orders (JSON)').fill('  ');
    await expect(submit).toBeDisabled();
    await expectAccessible(page);
  });

  test('a .csv file fills the customers input, is imported, and the summary says what happened', async ({ page }) => {
    const email = uniqueEmail('csv');
    const csv = `\uFEFFFirst Name;Last Name;Email;Phone\r\n"Mary, Ann";Golfer;${email};+44 7700 900123\r\nNo;Email;;\r\n`;
    await page.getByLabel('Upload File').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(page.getByText('File loaded', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Customers (CSV)')).toHaveValue(
      /^First Name;Last Name;Email;Phone\n"Mary, Ann";Golfer/,
    );
    await expect(page.getByLabel('Orders (JSON)')).toHaveValue('');

    await page.getByRole('button', { name: 'Import Data' }).click();
    await expect(page.getByText('Import successful', { exact: true })).toBeVisible();
    await expect(page.getByText('Your customers data has been imported successfully.', { exact: true })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Customers' });
    await expect(summary).toContainText('1 customer imported, 1 skipped.');
    await expect(summary).toContainText('Row 3: Missing first name, last name or email');

    const found = await page.request.get(`/api/admin/customers?q=${encodeURIComponent(email)}`);
    expect(await found.json()).toEqual([
      expect.objectContaining({ customerName: 'Mary, Ann Golfer', customerEmail: email }),
    ]);
  });

  test('a .json file fills the orders input; imported orders reach the dashboard; a second import skips them', async ({
    page,
  }) => {
    const tag = Date.now().toString(36);
    const orders = [
      orderPayload({ orderNumber: `IMP-${tag}`, customerName: `Imported ${tag}` }),
      { customerEmail: 'x' },
    ];
    await page.getByLabel('Upload File').setInputFiles({
      name: 'orders.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(orders, null, 2)),
    });
    await expect(page.getByLabel('Orders (JSON)')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Import Data' }).click();
    await expect(page.getByText('Your orders data has been imported successfully.', { exact: true })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Orders' });
    await expect(summary).toContainText('1 order imported, 1 rejected.');
    await expect(summary).toContainText('Row 2: Invalid email address (customerEmail)');

    await page.getByRole('button', { name: 'Import Data' }).click();
    await expect(page.getByRole('region', { name: 'Orders' })).toContainText(`Row 1: Order IMP-${tag} already exists`);

    await page.goto('/admin/dashboard');
    await page.getByPlaceholder('Search by order number or product').fill(tag);
    await expect(page.getByRole('row').filter({ hasText: `IMP-${tag}` })).toBeVisible();
  });

  test('pasted data is checked before anything is sent', async ({ page }) => {
    const orders = page.getByLabel('Orders (JSON)');
    const submit = page.getByRole('button', { name: 'Import Data' });
    for (const [text, message] of [
      ['{"broken": ', 'Invalid JSON format. Please check your data and try again.'],
      ['{"orders": []}', 'Data must be an array of orders'],
      ['[]', 'No valid data to import'],
    ] as const) {
      await orders.fill(text);
      await submit.click();
      await expect(page.getByText('Import Error', { exact: true })).toBeVisible();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await orders.fill('');
    await page.getByLabel('Customers (CSV)').fill('First Name,Last Name,Email');
    await submit.click();
    await expect(page.getByText('CSV must have a header row and at least one data row', { exact: true })).toBeVisible();
  });

  test('a file that cannot be read says so', async ({ page }) => {
    await page.getByLabel('Upload File').setInputFiles({
      name: 'orders.json',
      mimeType: 'application/json',
      buffer: Buffer.from('not json at all'),
    });
    await expect(page.getByText('Error reading file', { exact: true })).toBeVisible();
    await expect(
      page.getByText('There was an error reading your data file. Please check the format.', { exact: true }),
    ).toBeVisible();
  });

  test('a Google Drive share link imports its customers; an internal address is refused', async ({ page }) => {
    const origin = process.env.E2E_FAKE_GOOGLE_ORIGIN;
    if (!origin) throw new Error('the e2e global setup must start the fake Google (E2E_FAKE_GOOGLE_ORIGIN)');
    await page.getByLabel('Google Drive share link').fill(`${origin}/spreadsheets/d/${FAKE_SHEET_ID}/edit?usp=sharing`);
    await page.getByRole('button', { name: 'Import Data' }).click();
    await expect(page.getByText('Import successful', { exact: true })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Customers from Google Drive' });
    await expect(summary).toContainText(/2 customers imported|2 skipped/);
    for (const email of FAKE_SHEET_EMAILS) {
      const found = await page.request.get(`/api/admin/customers?q=${encodeURIComponent(email)}`);
      expect(((await found.json()) as unknown[]).length).toBe(1);
    }

    await page.getByLabel('Google Drive share link').fill('http://127.0.0.1:1/spreadsheets/d/abcdefghijklmnop/edit');
    await page.getByRole('button', { name: 'Import Data' }).click();
    await expect(page.getByText('Import failed', { exact: true })).toBeVisible();
    await expect(
      page.getByText('This link is not from an allowed document source (Google Drive or Google Docs)', { exact: true }),
    ).toBeVisible();
  });
});

test('the import screen is for admins only', async ({ page, studio }) => {
  await page.goto('/admin/import');
  await expect(page).toHaveURL(/\/admin$/);
  const order = await studio.addOrder();
  await signInAsCustomer(page, order.customerEmail, order.orderNumber);
  await page.goto('/admin/import');
  await expect(page).toHaveURL(/\/dashboard$/);
});
