import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.ts';
import { createGateway } from './gateway.ts';
import { preloadLinks } from './preload-links.ts';

const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework-b.js' },
  '_shared.js': { file: 'assets/shared-c.js', imports: ['_framework.js'] },
  'src/app/routes/customer-dashboard-route.tsx': {
    file: 'assets/customer-dashboard-d.js',
    imports: ['_shared.js'],
  },
  'src/features/orders/api/order-queries.ts': { file: 'assets/order-queries-e.js' },
  'src/app/routes/order-detail-route.tsx': { file: 'assets/order-detail-f.js', imports: ['_shared.js'] },
  'src/app/routes/admin-dashboard-route.tsx': { file: 'assets/admin-dashboard-g.js', imports: ['_framework.js'] },
  'src/styles.css': { file: 'assets/styles-h.css' },
  '../contracts/src/config/app-config.ts': { file: 'assets/app-config-i.js', imports: ['_schemas.js'] },
  '_schemas.js': { file: 'assets/schemas-j.js' },
};

async function distWithManifest(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'preload-links-'));
  await mkdir(join(dir, '.vite'));
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}

test("a page's lazy chunks and their imports are preloaded, never the entry's own", async () => {
  const dir = await distWithManifest();
  try {
    const linksFor = preloadLinks(dir);
    assert.is(
      linksFor('/dashboard'),
      '</assets/customer-dashboard-d.js>; rel=modulepreload; fetchpriority=low, </assets/shared-c.js>; rel=modulepreload; fetchpriority=low, ' +
        '</assets/order-queries-e.js>; rel=modulepreload; fetchpriority=low, ' +
        '</assets/app-config-i.js>; rel=modulepreload; fetchpriority=low, </assets/schemas-j.js>; rel=modulepreload; fetchpriority=low',
    );
    assert.is(
      linksFor('/orders/EP-1001'),
      '</assets/order-detail-f.js>; rel=modulepreload; fetchpriority=low, </assets/shared-c.js>; rel=modulepreload; fetchpriority=low, ' +
        '</assets/order-queries-e.js>; rel=modulepreload; fetchpriority=low, ' +
        '</assets/app-config-i.js>; rel=modulepreload; fetchpriority=low, </assets/schemas-j.js>; rel=modulepreload; fetchpriority=low',
    );
    assert.is(linksFor('/admin/dashboard'), '</assets/admin-dashboard-g.js>; rel=modulepreload; fetchpriority=low');
    assert.is(linksFor('/'), undefined);
    assert.is(linksFor('/orders/EP-1001/history'), undefined);
  } finally {
    await rm(dir, { recursive: true });
  }
});

test("a signed-in customer's page preloads its GETs first, as the app asks for them; signed out, none", async () => {
  const dir = await distWithManifest();
  try {
    const linksFor = preloadLinks(dir);
    const fetched = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    assert.is(
      linksFor('/dashboard', true),
      [fetched('/api/auth/me'), fetched('/api/customer/orders'), fetched('/api/config'), linksFor('/dashboard')].join(
        ', ',
      ),
    );
    assert.is(
      linksFor('/orders/EP%201001', true),
      [
        fetched('/api/auth/me'),
        fetched('/api/orders/EP%201001'),
        fetched('/api/orders/EP%201001/items'),
        fetched('/api/orders/EP%201001/timeline'),
        fetched('/api/config'),
        linksFor('/orders/EP%201001'),
      ].join(', '),
    );
    assert.not.match(linksFor('/orders/EP-1001') ?? '', /rel=preload/);
    // A path the app cannot decode either: no data preloaded, the chunks still are.
    assert.is(linksFor('/orders/%E0%A4%A', true), linksFor('/orders/%E0%A4%A'));
    assert.is(linksFor('/admin/dashboard', true), linksFor('/admin/dashboard'));
    assert.is(linksFor('/', true), undefined);
  } finally {
    await rm(dir, { recursive: true });
  }
});

test('without a manifest no page gets a Link header', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'preload-links-'));
  try {
    assert.is(preloadLinks(dir)('/dashboard'), undefined);
  } finally {
    await rm(dir, { recursive: true });
  }
});

test('the gateway sends the Link header with the page (its data only with a session cookie), and none with the landing page', async () => {
  const dir = await distWithManifest();
  const gateway: Server = createGateway({
    commandUrl: 'http://127.0.0.1:9',
    queryUrl: 'http://127.0.0.1:9',
    staticDir: dir,
    logger: createLogger('test', 'silent'),
  });
  try {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    const page = await fetch(`${base}/admin/dashboard`);
    assert.is(page.status, 200);
    assert.is(page.headers.get('link'), '</assets/admin-dashboard-g.js>; rel=modulepreload; fetchpriority=low');
    const customer = await fetch(`${base}/dashboard`, { headers: { cookie: 'ot_session=abc' } });
    assert.match(
      customer.headers.get('link') ?? '',
      /^<\/api\/auth\/me>; rel=preload; as=fetch; crossorigin=use-credentials, /,
    );
    const signedOut = await fetch(`${base}/dashboard`);
    assert.not.match(signedOut.headers.get('link') ?? '', /rel=preload/);
    const landing = await fetch(`${base}/`);
    assert.is(landing.status, 200);
    assert.is(landing.headers.get('link'), null);
  } finally {
    const closed = new Promise((resolve) => gateway.close(resolve));
    gateway.closeAllConnections();
    await closed;
    await rm(dir, { recursive: true });
  }
});

test.run();
