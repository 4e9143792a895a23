import { expect, PHONE, test } from './support/test.ts';

test.use({ viewport: PHONE });

test.describe('installable app', () => {
  test('the manifest names the app, runs standalone with a theme colour and 192/512 px icons', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({ name: 'Order Tracker', short_name: 'Orders', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as { src: string }[]) {
      const answer = await request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
      expect(answer.headers()['content-type']).toContain('image/png');
    }
  });

  test('once visited, the app shell opens with the network off', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeVisible();
    // The service worker installs, precaches the shell and takes control of the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Tracker' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Track Order' })).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
    await context.setOffline(false);
  });
});
