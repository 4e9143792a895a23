import type { Page } from '@playwright/test';
import { FAKE_DOC_ID, FAKE_DOC_TEXT } from './support/fake-google.ts';
import { expect, signInAsAdmin, signInAsCustomer, test } from './support/test.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** Google's preview is played locally; nothing else may leave this machine. */
async function keepTrafficLocal(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    if (new URL(route.request().url()).hostname === 'docs.google.com') {
      return route.fulfill({ contentType: 'text/html', body: '<p>Google preview of the document</p>' });
    }
    return route.abort();
  });
}

test.describe('Custom Fit Specification on the order detail', () => {
  test.beforeEach(async ({ page }) => keepTrafficLocal(page));

  test('a Google Doc is rendered sanitised in a sandboxed frame; its scripts never run', async ({ page, studio }) => {
    const origin = process.env.E2E_FAKE_GOOGLE_ORIGIN;
    if (!origin) throw new Error('the e2e global setup must start the fake Google (E2E_FAKE_GOOGLE_ORIGIN)');
    const order = await studio.addOrder({
      items: [{ documentUrl: `${origin}/document/d/${FAKE_DOC_ID}/edit?usp=sharing` }],
    });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto(`/orders/${order.orderNumber}`);

    const frame = page.locator('iframe[title="Custom Fit Specification"]');
    await expect(frame).toBeVisible();
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    expect(sandbox).not.toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    await expect(page.frameLocator('iframe[title="Custom Fit Specification"]').getByText(FAKE_DOC_TEXT)).toBeVisible();
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).toContain('Content-Security-Policy');
    expect(srcdoc).not.toMatch(/<script|onerror|onload|javascript:|<svg/i);
    await page.waitForTimeout(300);
    expect(await page.title()).not.toBe('pwned');
  });

  test('a document that cannot be loaded falls back to Google’s preview with its message', async ({ page, studio }) => {
    // Google itself is not an allowed source in this setup, so the server refuses to fetch it.
    const url = 'https://docs.google.com/document/d/e2eNotReachable12345/edit?usp=sharing';
    const order = await studio.addOrder({ items: [{ documentUrl: url }] });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto(`/orders/${order.orderNumber}`);
    await expect(page.getByText('Failed to load document. Please try again later.')).toBeVisible();
    await expect(page.locator('iframe[title="Custom Fit Specification preview"]')).toHaveAttribute(
      'src',
      'https://docs.google.com/document/d/e2eNotReachable12345/preview',
    );
  });

  test('a document that is not a Google Doc says it failed to render, with its link', async ({ page, studio }) => {
    const order = await studio.addOrder({ items: [{ documentUrl: 'https://example.com/spec.pdf' }] });
    await signInAsCustomer(page, order.customerEmail, order.orderNumber);
    await page.goto(`/orders/${order.orderNumber}`);
    await expect(page.getByText('Failed to render document')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open your fit specification' })).toHaveAttribute(
      'href',
      'https://example.com/spec.pdf',
    );
  });
});

test.describe('spec documents in the admin forms', () => {
  test.beforeEach(async ({ page }) => keepTrafficLocal(page));

  test('edit order: the chosen PDF is uploaded first and its URL attached; the customer can open it', async ({
    page,
    studio,
  }) => {
    const order = await studio.addOrder();
    await signInAsAdmin(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page
      .getByLabel('Upload PDF')
      .setInputFiles({ name: 'fitting-spec.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText('Selected: fitting-spec.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByText('Order Updated', { exact: true })).toBeVisible();

    const updated = await studio.getOrder(order.orderNumber);
    const documentUrl = updated.items[0]?.documentUrl ?? '';
    expect(documentUrl).toMatch(/^\/api\/documents\/[A-Za-z0-9_-]{32}$/);

    const customer = await page.context().browser()?.newContext({ baseURL: page.url() });
    const customerPage = await customer?.newPage();
    if (!customerPage || !customer) throw new Error('no browser context');
    await keepTrafficLocal(customerPage);
    await signInAsCustomer(customerPage, order.customerEmail, order.orderNumber);
    const pdf = await customerPage.request.get(documentUrl);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toContain('fitting-spec.pdf');
    await customerPage.goto(`/orders/${order.orderNumber}`);
    await expect(customerPage.locator('iframe[title="Custom Fit Specification (PDF)"]')).toHaveAttribute(
      'src',
      documentUrl,
    );
    await customer.close();
  });

  test('edit order: a file that is not a PDF is refused and the page stays', async ({ page, studio }) => {
    const order = await studio.addOrder();
    await signInAsAdmin(page);
    await page.goto(`/admin/edit-order/${order.orderNumber}`);
    await page.getByLabel('Upload PDF').setInputFiles({
      name: 'spec.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByText('Failed to update order. Please try again.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/edit-order/${order.orderNumber}$`));
  });

  test('add order: a PDF chosen in Custom Fit Specification is attached to every item', async ({ page, studio }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/add-order');
    const email = `spec.${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Customer Email').fill(email);
    await page.getByLabel('Customer Name').fill('Spec Sheet');
    await page
      .getByLabel('Upload PDF (Optional)')
      .setInputFiles({ name: 'add-spec.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText('Selected: add-spec.pdf')).toBeVisible();
    await fillRequiredOrderFields(page);
    await page.getByRole('button', { name: 'Add Order' }).click();
    const added = page.getByText(/^Order .+ has been added successfully\.$/);
    await expect(added).toBeVisible();
    const orderNumber = /^Order (.+) has been added/.exec((await added.textContent()) ?? '')?.[1] ?? '';
    const order = await studio.getOrder(orderNumber);
    expect(order.items.every((item) => /^\/api\/documents\/[A-Za-z0-9_-]{32}$/.test(item.documentUrl ?? ''))).toBe(
      true,
    );
  });
});

/** What a valid new order needs besides the customer: a subtotal and one priced item of a type. */
async function fillRequiredOrderFields(page: Page) {
  await page.getByLabel('Subtotal (£)').fill('100');
  await page.getByRole('combobox', { name: 'Item Type' }).click();
  await page.getByRole('option', { name: 'Driver' }).click();
  await page.getByLabel('Price (£)').fill('100');
}
