/**
 * Draws the app icons (PNG, 192 and 512 px, plus a maskable 512 with a safe margin) from the logo
 * in Debian's Chromium. Run once after changing the logo: `node --import tsx pwa/scripts/draw-icons.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const svg = readFileSync(join(root, 'public', 'logo.svg'), 'utf8');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage();
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-512-maskable.png', 512, true],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  // A maskable icon keeps its artwork inside the central 80% circle and fills the rest.
  const inner = maskable ? Math.round(size * 0.8) : size;
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? '#065f46' : 'transparent'}">
       <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
     </body>`,
  );
  await page.screenshot({ path: join(root, 'public', 'icons', name), omitBackground: !maskable });
}
await browser.close();
