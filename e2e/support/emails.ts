import type { EmailEventsPage } from '@ot/contracts/email/email-views.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { expect } from '@playwright/test';
import type { Answer } from '../../tests/support/sendgrid-stand-in.ts';
import type { StudioApi } from './studio-api.ts';

/** The SendGrid stand-in the e2e stack sends through (started by the global setup). */
function sendGridUrl(path: string): string {
  const base = process.env.E2E_SENDGRID_URL;
  if (!base) throw new Error('E2E_SENDGRID_URL is not set: these tests need the stack the global setup starts');
  return new URL(path, base).toString();
}

/** Make SendGrid answer the next sends to `to` like this (then accept). */
export async function scriptSendGrid(to: string, ...answers: Answer[]): Promise<void> {
  const answer = await fetch(sendGridUrl('/__stand-in/script'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, answers }),
  });
  expect(answer.status).toBe(204);
}

export async function acceptedMails(to: string): Promise<{ subject: string; text: string }[]> {
  const answer = await fetch(sendGridUrl(`/__stand-in/accepted?to=${encodeURIComponent(to)}`));
  return ((await answer.json()) as { mails: { subject: string; text: string }[] }).mails;
}

/** An order, then an admin's item edit with Notify Customer ticked: the edit flow's email. */
export async function orderWithEmail(studio: StudioApi, customerEmail: string): Promise<OrderView> {
  const order = await studio.addOrder({ customerEmail });
  const item = order.items[0];
  if (!item) throw new Error('the order has no items');
  const answer = await studio.http.patch(
    `/api/admin/orders/${encodeURIComponent(order.orderNumber)}/items/${encodeURIComponent(item.id)}`,
    { data: { status: 'order_placed_with_manufacturer' }, headers: { 'x-send-email': 'true' } },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  return order;
}

export async function sendTestEmail(studio: StudioApi, email: string): Promise<string> {
  const answer = await studio.http.post('/api/admin/test-email', { data: { email } });
  expect(answer.status(), await answer.text()).toBe(202);
  return ((await answer.json()) as { notificationId: string }).notificationId;
}

/** Wait until the notifier has settled every email to these recipients (none pending), as the log shows. */
export async function emailsSettled(studio: StudioApi, recipient: string, count = 1): Promise<EmailEventsPage> {
  let page: EmailEventsPage | null = null;
  await expect
    .poll(
      async () => {
        const answer = await studio.http.get(
          `/api/admin/email-events?limit=100&recipient=${encodeURIComponent(recipient)}`,
        );
        page = (await answer.json()) as EmailEventsPage;
        return page.events.length >= count && page.events.every((event) => event.deliveryStatus !== 'pending');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return page as unknown as EmailEventsPage;
}
