import type { Page, Request } from '@playwright/test';
import { isoDay } from './studio-api.ts';

/**
 * Every write the edit page makes, in order: method, path, body and the x-send-email header. A request's
 * event can reach the test after the page has moved on, so a test polls for the writes it expects.
 */
export function recordWrites(page: Page) {
  const writes: { path: string; body: Record<string, unknown>; sendEmail: string | undefined }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'GET' || !request.url().includes('/api/admin/')) return;
    writes.push({
      path: new URL(request.url()).pathname,
      body: request.postDataJSON() as Record<string, unknown>,
      sendEmail: request.headers()['x-send-email'],
    });
  });
  return writes;
}

export async function choose(page: Page, label: string, option: string, nth = 0) {
  await page.getByLabel(label, { exact: true }).nth(nth).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export const twoItems = [
  { name: 'Driver', manufacturer: 'Titleist', estimatedDelivery: isoDay(10) },
  { name: 'Irons', price: 40_000, manufacturer: 'Mizuno' },
];
