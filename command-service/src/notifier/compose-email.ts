import type { EmailWords } from '@ot/contracts/insights/delay-notice.ts';
import { formatDay } from '@ot/contracts/insights/studio-dates.ts';
import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import { orderEta } from '@ot/contracts/orders/order-rules.ts';
import type { Order } from '@ot/contracts/orders/order-state.ts';
import { trackingUrl } from '@ot/contracts/orders/tracking-link.ts';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export interface Studio {
  name: string;
  /** Where the app is reached, e.g. https://track.example.com (links in the email). */
  publicUrl: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** A subject is one line whatever an order number holds. */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

const appUrl = (studio: Studio, path: string) => `${studio.publicUrl.replace(/\/+$/, '')}${path}`;
export const orderPageUrl = (studio: Studio, orderNumber: string) =>
  appUrl(studio, `/orders/${encodeURIComponent(orderNumber)}`);

export const defaultOrderSubject = (studio: Studio, orderNumber: string) =>
  `Order ${orderNumber} update from ${studio.name}`;

const page = (studio: Studio, body: string) =>
  [
    '<!doctype html>',
    '<html><body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">',
    '<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<tr><td><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(studio.name)}</h1>${body}</td></tr>`,
    '</table></body></html>',
  ].join('');

/** The update a customer gets: every item with its status and ETA, the order's ETA, tracking, a link to the order. */
export function composeOrderEmail(order: Order, studio: Studio, subject?: string): EmailContent {
  const eta = formatDay(orderEta(order)) ?? 'TBC';
  const link = orderPageUrl(studio, order.orderNumber);
  const tracking = order.trackingNumber
    ? { number: order.trackingNumber, url: trackingUrl(order.trackingNumber) }
    : null;
  const items = order.items.map((item) => ({
    name: item.name,
    status: statusLabel(item.status),
    eta: formatDay(item.estimatedDelivery) ?? 'TBC',
  }));

  const text = [
    `Hello ${order.customerName},`,
    '',
    `Here is the latest on your order ${order.orderNumber} with ${studio.name}.`,
    '',
    ...items.map((item) => `- ${item.name}: ${item.status} (ETA: ${item.eta})`),
    '',
    `Estimated delivery for the whole order: ${eta}`,
    ...(tracking ? [`Parcelforce tracking number: ${tracking.number} (${tracking.url})`] : []),
    '',
    `View your order: ${link}`,
    '',
    studio.name,
  ].join('\n');

  const rows = items
    .map(
      (item) =>
        `<tr><td style="padding:6px 8px;border-bottom:1px solid #e7e5e4">${escapeHtml(item.name)}</td>` +
        `<td style="padding:6px 8px;border-bottom:1px solid #e7e5e4">${escapeHtml(item.status)}</td>` +
        `<td style="padding:6px 8px;border-bottom:1px solid #e7e5e4">${escapeHtml(item.eta)}</td></tr>`,
    )
    .join('');
  const html = page(
    studio,
    [
      `<p>Hello ${escapeHtml(order.customerName)},</p>`,
      `<p>Here is the latest on your order <strong>${escapeHtml(order.orderNumber)}</strong> with ${escapeHtml(studio.name)}.</p>`,
      '<table role="presentation" width="100%" style="border-collapse:collapse;margin:12px 0">',
      '<tr><th align="left" style="padding:6px 8px">Item</th><th align="left" style="padding:6px 8px">Status</th><th align="left" style="padding:6px 8px">ETA</th></tr>',
      rows,
      '</table>',
      `<p>Estimated delivery for the whole order: <strong>${escapeHtml(eta)}</strong></p>`,
      tracking
        ? `<p>Parcelforce tracking number: <a href="${escapeHtml(tracking.url)}">${escapeHtml(tracking.number)}</a></p>`
        : '',
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">View your order</a></p>`,
    ].join(''),
  );
  return { subject: oneLine(subject ?? defaultOrderSubject(studio, order.orderNumber)), html, text };
}

/** An email written as a subject and paragraphs (the delay notice, the digest), with a link to the order if it has one. */
export function composeWordsEmail(words: EmailWords, studio: Studio, orderNumber: string | null): EmailContent {
  const link = orderNumber ? orderPageUrl(studio, orderNumber) : appUrl(studio, '/admin/dashboard');
  const text = [...words.paragraphs.flatMap((p) => [p, '']), link].join('\n');
  const html = page(
    studio,
    words.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(orderNumber ? 'View your order' : 'Open the dashboard')}</a></p>`,
  );
  return { subject: oneLine(words.subject), html, text };
}

export const defaultTestSubject = (studioName: string) => `Test email from ${studioName}`;

/** The admin's test email: proves the studio's email delivery works end to end. */
export function composeTestEmail(studio: Studio, subject?: string): EmailContent {
  const link = appUrl(studio, '/');
  const text = [
    `This is a test email from the ${studio.name} order tracker.`,
    'If you can read it, notification emails are being delivered.',
    '',
    link,
  ].join('\n');
  const html = page(
    studio,
    `<p>This is a test email from the ${escapeHtml(studio.name)} order tracker.</p>` +
      '<p>If you can read it, notification emails are being delivered.</p>' +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  );
  return { subject: oneLine(subject ?? defaultTestSubject(studio.name)), html, text };
}

export const loginCodeSubject = (studioName: string) => `Your sign-in code for ${studioName}`;

/** A customer's one-time sign-in code for a new device; the time is when it stops working. */
export function composeLoginCodeEmail(
  studio: Studio,
  code: string,
  minutesLeft: number,
  subject?: string,
): EmailContent {
  const minutes = `${Math.max(1, minutesLeft)} minute${minutesLeft === 1 ? '' : 's'}`;
  const text = [
    `Your sign-in code for ${studio.name} is ${code}.`,
    '',
    `Enter it where you signed in. It works once, for the next ${minutes}.`,
    'If you did not try to sign in, you can ignore this email: nobody can sign in without this code.',
    '',
    studio.name,
  ].join('\n');
  const html = page(
    studio,
    `<p>Your sign-in code for ${escapeHtml(studio.name)} is</p>` +
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:12px 0">${escapeHtml(code)}</p>` +
      `<p>Enter it where you signed in. It works once, for the next ${escapeHtml(minutes)}.</p>` +
      '<p>If you did not try to sign in, you can ignore this email: nobody can sign in without this code.</p>',
  );
  return { subject: oneLine(subject ?? loginCodeSubject(studio.name)), html, text };
}
