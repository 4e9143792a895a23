import type { EmailStats } from '@ot/contracts/email/email-views.ts';
import type { Page } from '@playwright/test';
import { reject, serverError } from '../tests/support/sendgrid-stand-in.ts';
import { acceptedMails, emailsSettled, orderWithEmail, scriptSendGrid, sendTestEmail } from './support/emails.ts';
import { uniqueEmail } from './support/studio-api.ts';
import { expect, expectAccessible, expectNoHorizontalScroll, PHONE, signInAsAdmin, test } from './support/test.ts';

const DATE_TIME = /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/;

const eventRows = (page: Page) => page.getByRole('list', { name: 'Email events' }).getByRole('listitem');
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** The next answer to GET /api/admin/email-events whose query parameters match. */
const eventsAnswer = (page: Page, matches: (params: URLSearchParams) => boolean) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/admin/email-events' && matches(url.searchParams);
  });

async function openLogs(page: Page, recipient?: string) {
  await signInAsAdmin(page);
  await page.goto('/admin/email-logs');
  await expect(page.getByRole('heading', { name: 'Email Event Logs' })).toBeVisible();
  if (!recipient) return;
  // The filter applies after its 300 ms debounce: wait for the filtered list itself.
  const filtered = eventsAnswer(page, (params) => params.get('recipient') === recipient);
  await page.getByLabel('Recipient Email').fill(recipient);
  await filtered;
  await expect(eventRows(page).first()).toContainText(recipient);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('email event logs (/admin/email-logs)', () => {
  test('title, subtitle, both refresh buttons, four stat cards with one-decimal percentages, filters and tabs', async ({
    page,
    studio,
  }) => {
    const failing = uniqueEmail('stats-fail');
    await scriptSendGrid(failing, reject());
    await orderWithEmail(studio, uniqueEmail('stats-ok'));
    await orderWithEmail(studio, failing);
    await emailsSettled(studio, failing);
    const stats = (await (await studio.http.get('/api/admin/email-stats?days=30')).json()) as EmailStats;

    await openLogs(page);
    await expect(page.getByText('Monitor email delivery and troubleshoot issues')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Queue' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Logs' })).toBeVisible();

    const cards = page.getByRole('region', { name: 'Email statistics' }).getByRole('heading');
    await expect(cards).toHaveText(['Total Events', 'Sent', 'Failed', 'Pending']);
    const statistics = page.getByRole('region', { name: 'Email statistics' });
    await expect(statistics).toContainText('Last 30 days');
    const count = (status: string) => stats.summary.find((row) => row.delivery_status === status)?.total_count ?? 0;
    for (const status of ['sent', 'failed', 'pending']) {
      const percent = ((count(status) / stats.totalEvents) * 100).toFixed(1);
      await expect(statistics).toContainText(`${percent}% of total`);
    }

    await expect(page.getByRole('heading', { name: 'Filter Events' })).toBeVisible();
    await expect(page.getByLabel('Order Number')).toHaveAttribute('placeholder', 'EP-0001');
    await expect(page.getByLabel('Recipient Email')).toBeVisible();
    await page.getByRole('combobox', { name: 'Delivery Status' }).click();
    await expect(page.getByRole('option')).toHaveText(['All statuses', 'Sent', 'Failed', 'Pending']);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Results per page' }).click();
    await expect(page.getByRole('option')).toHaveText(['10', '25', '50', '100']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: 'Results per page' })).toHaveText('25');

    await expect(page.getByRole('tab', { name: 'Email Events' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /Retry Queue/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('each event shows its order, status, recipient, subject, time, admin and notes; Retry only on failed', async ({
    page,
    studio,
  }) => {
    const tag = Date.now().toString(36);
    const sent = `sent-${tag}@rows.example.com`;
    const failed = `failed-${tag}@rows.example.com`;
    await scriptSendGrid(failed, reject('The from address does not match a verified Sender Identity.'));
    const sentOrder = await orderWithEmail(studio, sent);
    const failedOrder = await orderWithEmail(studio, failed);
    await emailsSettled(studio, `${tag}@rows.example.com`, 2);

    await openLogs(page, `${tag}@rows.example.com`);
    await expect(page.getByText('Showing 1-2 of 2 events')).toBeVisible();
    const [failedRow, sentRow] = [eventRows(page).nth(0), eventRows(page).nth(1)];
    await expect(failedRow).toContainText(failedOrder.orderNumber);
    await expect(failedRow).toContainText('failed');
    await expect(failedRow).toContainText(failed);
    await expect(failedRow).toContainText(`Order ${failedOrder.orderNumber} update from`);
    await expect(failedRow).toContainText(
      'Failed, not retried: SendGrid answered 400: The from address does not match a verified Sender Identity.',
    );
    await expect(failedRow.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(failedRow.getByRole('button', { name: 'Resend' })).toBeVisible();

    await expect(sentRow).toContainText(sentOrder.orderNumber);
    await expect(sentRow).toContainText('sent');
    await expect(sentRow).toContainText(/by e2e-admin|by \S+/);
    await expect(sentRow.locator('time')).toHaveText(DATE_TIME);
    await expect(sentRow.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(sentRow.getByRole('button', { name: 'Resend' })).toBeVisible();
  });

  test('filters narrow the list and go back to page 1; paging shows only with more than one page', async ({
    page,
    studio,
  }) => {
    const tag = Date.now().toString(36);
    for (let i = 1; i <= 12; i++)
      await sendTestEmail(studio, `p${String(i).padStart(2, '0')}-${tag}@pages.example.com`);
    await emailsSettled(studio, `${tag}@pages.example.com`, 12);

    await openLogs(page, `${tag}@pages.example.com`);
    await expect(page.getByText('Showing 1-12 of 12 events')).toBeVisible();
    await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

    await choose(page, 'Results per page', '10');
    await expect(page.getByText('Showing 1-10 of 12 events')).toBeVisible();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.getByText('Showing 11-12 of 12 events')).toBeVisible();
    await expect(eventRows(page)).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    await choose(page, 'Delivery Status', 'Sent');
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await page.getByLabel('Recipient Email').fill(`p01-${tag}@pages.example.com`);
    await expect(page.getByText('Showing 1-1 of 1 events')).toBeVisible();

    await choose(page, 'Delivery Status', 'Pending');
    await expect(page.getByText('No email events found matching your criteria.')).toBeVisible();

    const order = await orderWithEmail(studio, uniqueEmail('by-order'));
    await choose(page, 'Delivery Status', 'All statuses');
    await page.getByLabel('Recipient Email').fill('');
    await page.getByLabel('Order Number').fill(order.orderNumber);
    await expect(eventRows(page)).toHaveCount(1);
    await expect(eventRows(page).first()).toContainText(order.orderNumber);
  });

  test('the retry queue lists a failed email with its attempt and next retry; Retry sends it now', async ({
    page,
    studio,
  }) => {
    const recipient = uniqueEmail('queued');
    await scriptSendGrid(recipient, serverError);
    const order = await orderWithEmail(studio, recipient);
    await emailsSettled(studio, recipient);

    await openLogs(page, recipient);
    await expect(page.getByRole('tab', { name: /Retry Queue \d+/ })).toBeVisible();
    await page.getByRole('tab', { name: /Retry Queue/ }).click();
    await expect(
      page.getByText('Email Retry Queue - Emails that failed delivery and are scheduled for automatic retry'),
    ).toBeVisible();
    const entry = page.getByRole('list', { name: 'Retry queue' }).getByRole('listitem').filter({ hasText: recipient });
    await expect(entry).toContainText(order.orderNumber);
    await expect(entry).toContainText('Attempt 2/3');
    await expect(entry.locator('time')).toHaveText(DATE_TIME);
    await expect(entry).toContainText('Next retry');

    await page.getByRole('tab', { name: 'Email Events' }).click();
    await eventRows(page).first().getByRole('button', { name: 'Retry' }).click();
    await expect(toast(page)).toContainText('Email Retry Successful');
    await expect(toast(page)).toContainText('The email has been resent successfully.');
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh Logs' }).click();
        return eventRows(page).first().textContent();
      })
      .toContain('sent');
    expect(await acceptedMails(recipient)).toHaveLength(1);
    await page.getByRole('button', { name: 'Refresh Queue' }).click();
    await page.getByRole('tab', { name: /Retry Queue/ }).click();
    await expect(page.getByRole('listitem').filter({ hasText: recipient })).toHaveCount(0);
  });

  test("Retry of an email that is no longer failed shows the server's reason", async ({ page, studio }) => {
    const recipient = uniqueEmail('stale');
    await scriptSendGrid(recipient, reject());
    await orderWithEmail(studio, recipient);
    const [event] = (await emailsSettled(studio, recipient)).events;
    await openLogs(page, recipient);
    await expect(eventRows(page).first().getByRole('button', { name: 'Retry' })).toBeVisible();

    // Someone else retries it first: by the time this admin clicks, it is no longer failed.
    expect((await studio.http.post(`/api/admin/retry-email/${event?.id}`)).status()).toBe(202);
    await eventRows(page).first().getByRole('button', { name: 'Retry' }).click();
    await expect(toast(page)).toContainText('Email Retry Failed');
    await expect(toast(page)).toContainText(/This email (was already sent|is still waiting to be sent)/);
  });

  test('Resend asks the browser first, then sends a new email with the same content', async ({ page, studio }) => {
    const recipient = uniqueEmail('resend');
    const order = await orderWithEmail(studio, recipient);
    const [event] = (await emailsSettled(studio, recipient)).events;
    await openLogs(page, recipient);

    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await eventRows(page).first().getByRole('button', { name: 'Resend' }).click();
    expect(messages[0]).toContain(order.orderNumber);
    expect(messages[0]).toContain(recipient);
    expect(messages[0]).toContain(event?.subject ?? 'no subject');
    expect(messages[0]).toContain('This will send a new email with the same content.');
    await expect(eventRows(page)).toHaveCount(1);

    page.once('dialog', (dialog) => void dialog.accept());
    await eventRows(page).first().getByRole('button', { name: 'Resend' }).click();
    await expect(toast(page)).toContainText('Email Resent Successfully');
    await expect(toast(page)).toContainText(`Email for order ${order.orderNumber} has been resent.`);
    await expect(eventRows(page)).toHaveCount(2);
    await expect.poll(async () => (await acceptedMails(recipient)).length, { timeout: 20_000 }).toBe(2);
    const [first, second] = await acceptedMails(recipient);
    expect(second?.text).toBe(first?.text);
  });

  test('fetch and resend failures are told in toasts', async ({ page, studio }) => {
    const recipient = uniqueEmail('offline');
    await orderWithEmail(studio, recipient);
    await emailsSettled(studio, recipient);
    await openLogs(page, recipient);
    await expect(eventRows(page)).toHaveCount(1);
    // The session ends on the server while the screen stays open.
    expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);

    await page.getByRole('button', { name: 'Refresh Queue' }).click();
    await expect(toast(page)).toContainText('Failed to fetch retry queue');
    await page.getByRole('button', { name: 'Refresh Logs' }).click();
    await expect(toast(page)).toContainText('Failed to fetch email stats');
    await choose(page, 'Delivery Status', 'Sent');
    await expect(toast(page)).toContainText('Failed to fetch email events');
    // Back on a list whose last fetch failed, it is asked again; that failure's toast would replace the
    // resend's (one toast at a time), so the resend waits for it.
    const refetched = eventsAnswer(page, (params) => !params.has('deliveryStatus'));
    await choose(page, 'Delivery Status', 'All statuses');
    await (await refetched).finished();
    await expect(toast(page)).toContainText('Failed to fetch email events');
    page.once('dialog', (dialog) => void dialog.accept());
    await eventRows(page).first().getByRole('button', { name: 'Resend' }).click();
    await expect(toast(page)).toContainText('Email Resend Failed');
    await expect(toast(page)).toContainText('Not authenticated');
  });

  test('the retry queue refreshes itself every 30 seconds', async ({ page }) => {
    await page.clock.install();
    await signInAsAdmin(page);
    let fetched = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/retry-queue') fetched += 1;
    });
    const firstAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/admin/retry-queue',
    );
    await page.goto('/admin/email-logs');
    await (await firstAnswer).finished();
    // TanStack Query starts the 30 s interval again each time the query settles, not when it asks. Wait until the
    // page shows the answer (Refresh Queue is enabled again): a clock taken over while the answer is still on its
    // way would move the interval's start into the time the test skips.
    await expect(page.getByRole('button', { name: 'Refresh Queue' })).toBeEnabled();
    expect(fetched).toBe(1);
    // From here only the test moves the page's clock (a slow page load may already have used a few seconds).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.clock.runFor(24_000);
    expect(fetched).toBe(1);
    await page.clock.runFor(10_000);
    await expect.poll(() => fetched).toBe(2);
  });

  test('fits a phone screen', async ({ page, studio }) => {
    await orderWithEmail(studio, uniqueEmail('phone'));
    await page.setViewportSize(PHONE);
    await openLogs(page);
    await expect(eventRows(page).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test.describe('Test Email (admin dashboard)', () => {
  test('sends a test email to the address given and says so', async ({ page }) => {
    const address = uniqueEmail('dashboard-test');
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Test Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Test Email' });
    await dialog.getByLabel('Email Address').fill(address);
    await dialog.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('Email Test Successful');
    await expect
      .poll(async () => (await acceptedMails(address)).map((mail) => mail.subject), { timeout: 20_000 })
      .toEqual([expect.stringMatching(/^Test email from /)]);
  });

  test('an address the server refuses is told in a failure toast', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Test Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Test Email' });
    await dialog.getByLabel('Email Address').fill('someone@localhost');
    await dialog.getByRole('button', { name: 'Send Test Email' }).click();
    // The open dialog hides the toasts from the accessibility tree, so they are found by their text.
    await expect(page.getByText('Email Test Failed', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid email');
    await expect(dialog).toBeVisible();
  });
});
