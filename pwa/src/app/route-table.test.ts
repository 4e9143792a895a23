import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchRoute, type PageRoute, routes } from './route-table.ts';

const pwaDir = join(import.meta.dirname, '..', '..');
const pagesSource = readFileSync(join(import.meta.dirname, 'pages.tsx'), 'utf8');
/** Route name -> the file pages.tsx imports lazily under it, as the manifest names it (relative to pwa/). */
const imported = new Map(
  [...pagesSource.matchAll(/(\w+): lazyPage\(\s*\(\) => import\('([^']+)'\)/g)].map(([, name, file]) => [
    name as string,
    relative(pwaDir, join(import.meta.dirname, file as string)),
  ]),
);

test("every lazy route's module exists and is the file pages.tsx imports for it", () => {
  for (const [name, route] of Object.entries(routes as Record<string, PageRoute>)) {
    if (!route.module) continue;
    assert.ok(existsSync(join(pwaDir, route.module)), `route ${name}: its module ${route.module} does not exist`);
    assert.is(imported.get(name), route.module, `route ${name}: pages.tsx must import ${route.module} lazily`);
  }
});

test('a path opens its route with its raw parameters; a trailing slash and any case match, other paths none', () => {
  assert.equal(matchRoute('/'), { name: 'landing', params: {} });
  assert.equal(matchRoute('/orders/EP%201001/'), { name: 'orderDetail', params: { orderNumber: 'EP%201001' } });
  assert.equal(matchRoute('/Admin/Dashboard'), { name: 'adminDashboard', params: {} });
  assert.equal(matchRoute('/admin/orders/EP-1/history')?.name, 'orderHistory');
  assert.is(matchRoute('/orders/EP-1/history'), null);
  assert.is(matchRoute('/nowhere'), null);
});

test('a page whose first visit waits for its data names the GETs it makes at start, so the gateway preloads them', () => {
  for (const [name, route] of Object.entries(routes as Record<string, PageRoute>)) {
    if (route.start === 'customer') assert.ok(route.data?.includes('/api/auth/me'), `route ${name} has no data`);
  }
});

test.run();
