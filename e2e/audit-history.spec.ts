import { readFile } from 'node:fs/promises';
import { createUserRepository } from '@ot/infra/auth/users.ts';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { ADMIN } from './support/admin.ts';
import type { StudioApi } from './support/studio-api.ts';
import { uniqueEmail } from './support/studio-api.ts';
import { expect, expectAccessible, test } from './support/test.ts';

/** The auditors' screens: the History view, the order as of an event, and exports, as an auditor and as an admin. */
const AUDITOR = { username: 'e2e-auditor', password: 'an auditor reads, never writes' };

test.beforeAll(async () => {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: the global setup did not start the app');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await createUserRepository(pool).upsertAdmin(AUDITOR.username, AUDITOR.password, undefined, 'auditor');
  } finally {
    await pool.end();
  }
});

async function signIn(page: Page, who: { username: string; password: string }) {
  const answer = await page.request.post('/api/auth/admin/login', { data: who });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** An order with a history: placed, its status moved on, fitter notes written, an item moved, the customer renamed. */
async function orderWithHistory(studio: StudioApi) {
  const order = await studio.addOrder({ customerEmail: uniqueEmail('history'), customerName: 'Harriet History' });
  await studio.patchOrder(order.orderNumber, { status: 'order_placed_with_manufacturer' });
  await studio.patchOrder(order.orderNumber, {
    status: 'order_placed_with_manufacturer',
    fitterNotes: 'Lie angle 2 degrees up',
  });
  const item = await studio.http.patch(`/api/admin/orders/${order.orderNumber}/items/${order.items[0]?.id}`, {
    data: { status: 'order_arrived_awaiting_qc', estimatedDelivery: '2026-12-05' },
    headers: { 'x-send-email': 'true' },
  });
  expect(item.status(), await item.text()).toBe(200);
  await studio.patchOrder(order.orderNumber, {
    status: 'order_placed_with_manufacturer',
    customerName: 'Harriet Renamed',
  });
  await studio.settle();
  return order;
}

const events = (page: Page) => page.getByRole('list', { name: 'Events' }).locator(':scope > li');

async function checkHistory(page: Page, orderNumber: string) {
  await expect(page.getByRole('heading', { name: `History of Order ${orderNumber}` })).toBeVisible();
  await expect(events(page).first()).toContainText('Order placed');
  const moved = events(page).filter({ hasText: 'Order status changed' });
  await expect(moved).toContainText('Status: Order Being Processed → Order Placed With Manufacturer');
  await expect(moved).toContainText(/by (e2e-admin|admin) \(admin\)/);

  await expect(events(page).first()).toContainText('Customer Name: Harriet History');
  await expect(events(page).first()).toContainText(/Total: £[\d,]+\.\d\d/);

  await page.getByRole('button', { name: 'Notes', exact: true }).click();
  await expect(events(page)).toHaveCount(1);
  await expect(events(page).first()).toContainText('Fitter Notes: (none) → Lie angle 2 degrees up');
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(events(page).filter({ hasText: 'Order status changed' })).toHaveCount(0);
  await expect(events(page).filter({ hasText: 'Item status changed' })).toContainText(
    'Driver: Status: Order Being Processed → Order Arrived at EP - Awaiting Quality Checks',
  );
  await expect(events(page).filter({ hasText: 'Item estimated delivery set' })).toContainText(
    'Driver: Estimated Delivery: (none) → Dec 05, 2026',
  );
  await page.getByRole('button', { name: 'Customer details', exact: true }).click();
  await expect(events(page).filter({ hasText: 'Customer details changed' })).toContainText(
    'Customer Name: Harriet History → Harriet Renamed',
  );
  await expect(events(page).filter({ hasText: 'Fitter notes changed' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Emails', exact: true }).click();
  await expect(events(page).first()).toContainText('Email requested');
  await expect(events(page).first()).toContainText('Email delivery: (none) → Pending');
  await page.getByRole('button', { name: 'All', exact: true }).click();

  // The order as it stood when it was placed, and what differs from now.
  await events(page).first().getByRole('button').click();
  await expect(page.getByRole('status').filter({ hasText: /^As of .+, version 1$/ })).toBeVisible();
  const asOf = page.getByRole('region', { name: 'Order as of version 1' });
  await expect(asOf.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(asOf).toContainText('Status: Order Being Processed');
  await expect(asOf).toContainText('Status: then Order Being Processed, now Order Placed With Manufacturer');
  await expect(asOf).toContainText('Fitter Notes: then (none), now Lie angle 2 degrees up');
  await expect(asOf).toContainText('Customer Name: then Harriet History, now Harriet Renamed');
  await expect(asOf).toContainText(
    'Driver: Status: then Order Being Processed, now Order Arrived at EP - Awaiting Quality Checks',
  );
  await expect(asOf).not.toContainText('allEtasAdded');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('Export CSV').click()]);
  const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^position,stream,version,type,/);
  expect(lines.length).toBeGreaterThanOrEqual(4);
  for (const line of lines.slice(1)) expect(line).toMatch(/,[0-9a-f]{64}$/);
}

test.describe('order history and audit', () => {
  test('an auditor lands on a read-only dashboard and reads the History, as-of view and export', async ({
    page,
    studio,
  }) => {
    const order = await orderWithHistory(studio);
    await signIn(page, AUDITOR);
    await page.goto('/admin/dashboard');
    await expect(page.getByText(`Auditor: ${AUDITOR.username}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'History' }).first()).toBeVisible();
    for (const name of ['Add New Order', 'Import Customer Data', 'Edit']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: /Test Email/ })).toHaveCount(0);
    await page.goto('/admin/add-order');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto(`/orders/${order.orderNumber}`);
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.orderNumber}/history$`));
    await checkHistory(page, order.orderNumber);
    await expectAccessible(page);

    // The email log reads, and offers nothing that writes.
    await page.goto(`/admin/email-logs`);
    await page.getByLabel('Order Number').fill(order.orderNumber);
    await expect(page.getByText(order.orderNumber, { exact: true }).first()).toBeVisible();
    for (const name of ['Resend', 'Retry', 'Test Email']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
  });

  test('an admin reads the same History from the dashboard, and exports a date range', async ({ page, studio }) => {
    const order = await orderWithHistory(studio);
    await signIn(page, ADMIN);
    await page.goto(`/admin/orders/${order.orderNumber}/history`);
    await checkHistory(page, order.orderNumber);
    await page.goto(`/admin/email-logs`);
    await page.getByLabel('Order Number').fill(order.orderNumber);
    await expect(page.getByRole('button', { name: 'Resend', exact: true }).first()).toBeVisible();

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('Export NDJSON').click()]);
    const rows = (await readFile((await download.path()) as string, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { stream: string; hash: string });
    expect(rows.some((row) => row.stream === `order-${order.orderNumber}`)).toBe(true);
    for (const row of rows) expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
