import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { emailsSettled } from './support/emails.ts';
import { orderPayload, uniqueEmail } from './support/studio-api.ts';
import { expect, signInAsAdmin, test } from './support/test.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/**
 * Five clubs of a type of their own that spent 18 days with Cleveland, and one there for 30 days now with
 * no ETA: it trends late, whatever the other tests leave in the studio's history.
 */
async function seedHistory(studio: Parameters<Parameters<typeof test>[2]>[0]['studio']) {
  const kind = `Radar Putter ${randomUUID().slice(0, 6)}`;
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const item = (extra: object) => ({ name: kind, price: 19_900, quantity: 1, manufacturer: 'Cleveland', ...extra });
  const done = (n: number) =>
    orderPayload({
      orderNumber: `RD-${tag}-${n}`,
      items: [
        item({
          status: 'order_arrived_awaiting_qc',
          statusHistory: [
            { status: 'order_placed_with_manufacturer', at: daysAgo(60 + n) },
            { status: 'order_arrived_awaiting_qc', at: daysAgo(42 + n) },
          ],
        }),
      ],
    });
  const customerEmail = uniqueEmail('radar');
  const late = orderPayload({
    orderNumber: `RD-${tag}-LATE`,
    customerEmail,
    items: [
      item({
        status: 'order_placed_with_manufacturer',
        statusHistory: [{ status: 'order_placed_with_manufacturer', at: daysAgo(30) }],
      }),
    ],
  });
  await studio.importOrders([1, 2, 3, 4, 5].map(done).concat(late));
  await studio.settle();
  return { kind, lateOrder: `RD-${tag}-LATE`, customerEmail };
}

async function attentionRow(page: Page, orderNumber: string) {
  await page.goto('/admin/dashboard');
  // A view of its own beside the orders' tabs, which stay as they are until it is opened.
  await expect(page.getByRole('tab', { name: /^Active Orders/ })).toBeVisible();
  await page.getByRole('button', { name: /^Needs attention \(\d+\)$/ }).click();
  await expect(page.getByRole('heading', { name: /^Needs attention \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Active Orders/ })).toBeHidden();
  const showAll = page.getByRole('button', { name: /^Show all/ });
  if (await showAll.isVisible()) await showAll.click();
  return page.getByRole('row').filter({ hasText: orderNumber }).filter({ hasText: 'Trending late' });
}

test.describe('delay radar', () => {
  test('the attention view gives each late item its reason; one click after a preview tells the customer', async ({
    page,
    studio,
  }) => {
    const { kind, lateOrder, customerEmail } = await seedHistory(studio);
    await signInAsAdmin(page);
    const row = await attentionRow(page, lateOrder);
    await expect(row).toContainText(
      `Cleveland ${kind} usually arrive in 18 days, 80% within 18; this one has been with Cleveland 30 days`,
    );
    await expect(row.getByRole('link', { name: `Edit order ${lateOrder}` })).toHaveAttribute(
      'href',
      `/admin/edit-order/${lateOrder}`,
    );

    await row.getByRole('button', { name: /^Tell customer/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Taking longer than usual' });
    await expect(dialog).toContainText(`To: ${customerEmail}`);
    await expect(dialog).toContainText('is taking longer than usual with the manufacturer');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await expect(dialog).toBeHidden();

    await emailsSettled(studio, customerEmail);
    await page.goto('/admin/email-logs');
    await page.getByLabel('Recipient Email').fill(customerEmail);
    const events = page.getByRole('list', { name: 'Email events' }).getByRole('listitem');
    await expect(events.first()).toContainText(`Taking longer than usual: your ${kind} (order ${lateOrder})`);
    await expect(events.first()).toContainText('sent');
  });

  test('insights: a chart and a table for each figure, over a date range', async ({ page, studio }) => {
    await seedHistory(studio);
    await signInAsAdmin(page);
    await page.goto('/admin/insights');
    await expect(page.getByRole('heading', { name: 'Insights' })).toBeVisible();
    for (const title of [
      'Lead time per manufacturer and stage',
      'On-time rate per month',
      'Items now in each stage',
      'Orders completed per month',
    ]) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByRole('img', { name: title })).toBeVisible();
    }
    const lead = page.getByRole('table', { name: 'Lead time per manufacturer and stage' });
    await expect(
      lead.getByRole('row').filter({ hasText: 'Cleveland' }).filter({ hasText: 'placed -> arrived' }),
    ).toBeVisible();
    // Chart.js drew on the canvas: it is no longer blank.
    const drawn = await page
      .getByRole('img', { name: 'Items now in each stage' })
      .evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL() !== document.createElement('canvas').toDataURL());
    expect(drawn).toBe(true);
    // A window before any of the history: the tables say there is none.
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-12-31');
    await expect(lead).toContainText('No data in this date range.');
  });
});
