import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page, request } from '@playwright/test';
import { ADMIN } from './admin.ts';
import { StudioApi } from './studio-api.ts';

const screenshots = join(import.meta.dirname, '..', 'screenshots');
mkdirSync(screenshots, { recursive: true });

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 90);

interface Fixtures {
  /** The admin API, signed in: seeds data as the studio would. */
  studio: StudioApi;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the app');
    await use(url);
  },
  // Every test leaves a screenshot of where it ended, to look at.
  page: async ({ page }, use, testInfo) => {
    await use(page);
    const file = `${slug(testInfo.file.split('/').pop() ?? 'test')}--${slug(testInfo.title)}.png`;
    await page.screenshot({ path: join(screenshots, file), fullPage: true }).catch(() => {});
  },
  studio: async ({ baseURL }, use) => {
    const context: APIRequestContext = await request.newContext({ baseURL });
    const api = new StudioApi(context);
    await api.signIn(ADMIN.username, ADMIN.password);
    await use(api);
    await context.dispose();
  },
});

export { expect };

/** Sign a customer in through the API (the browser shares the cookie); the page is left where it was. */
export async function signInAsCustomer(page: Page, email: string, orderNumber: string): Promise<void> {
  const answer = await page.request.post('/api/auth/customer/login', { data: { email, orderNumber } });
  expect(answer.status(), await answer.text()).toBe(200);
}

export async function signInAsAdmin(page: Page): Promise<void> {
  const answer = await page.request.post('/api/auth/admin/login', { data: ADMIN });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** No serious or critical axe violation, in the light theme and in the dark theme. */
export async function expectAccessible(page: Page): Promise<void> {
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        theme: dark ? 'dark' : 'light',
        id: violation.id,
        help: violation.help,
        nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      }));
    expect(serious, `axe violations (${dark ? 'dark' : 'light'} theme)`).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

/** A phone-width screen must not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

export const PHONE = { width: 390, height: 844 };

/** The admin table's order-number cells (one per order row) inside `scope`. */
export const orderNumberCells = (scope: Page | Locator): Locator =>
  scope.getByRole('cell').filter({ hasText: /^EP-\d+$/ });

/**
 * Holds every request matching `url` until `release()` is called (aborting instead once `fail` is set),
 * so an in-between state (a loading text, a disabled button) stays on screen until the test has seen it.
 * A fixed delay instead races a slow machine: the state may be gone before the assertion runs.
 */
export async function holdRequests(page: Page, url: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = { release, fail: false };
  await page.route(url, async (route) => {
    if (hold.fail) return route.abort('failed');
    await held;
    return route.continue();
  });
  return hold;
}
