import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { createGateway } from '@ot/infra/gateway/gateway.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { ADMIN, type Client, type Stack, startStack } from '../support/stack.ts';
import { Browser } from './browser.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const THEME_SCRIPT = "(() => { document.documentElement.classList.add('x'); })();";

const test = suite<{ stack: Stack; admin: Client; order: OrderView; pages: Server; pagesUrl: string; dir: string }>(
  'limits before work, and security headers',
  {
    stack: undefined as never,
    admin: undefined as never,
    order: undefined as never,
    pages: undefined as never,
    pagesUrl: '',
    dir: '',
  },
);
test.before(async (context) => {
  context.stack = await startStack();
  context.admin = await signedInAdmin(context.stack);
  context.order = await addOrder(context.admin);
  // A gateway serving a built app of its own (the stack's gateway serves the API only).
  context.dir = await mkdtemp(join(tmpdir(), 'ot-pages-'));
  await writeFile(
    join(context.dir, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
  );
  context.pages = createGateway({
    commandUrl: context.stack.commandUrl,
    queryUrl: context.stack.queryUrl,
    staticDir: context.dir,
    logger: createLogger('test', 'silent'),
  });
  await new Promise<void>((resolve) => context.pages.listen(0, '127.0.0.1', resolve));
  context.pagesUrl = `http://127.0.0.1:${(context.pages.address() as AddressInfo).port}`;
});
test.after(async ({ stack, pages, dir }) => {
  await new Promise((resolve) => pages.close(resolve));
  await rm(dir, { recursive: true, force: true });
  await stack.stop();
});

const bigJson = (bytes: number) => JSON.stringify({ email: 'x@example.com', orderNumber: 'x'.repeat(bytes) });

test('a signed-out body over 64 KB is refused with 413 at once, and the next request through the gateway is fine', async ({
  stack,
}) => {
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const refused = await fetch(`${stack.baseUrl}/api/auth/customer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bigJson(2 * 1024 * 1024),
    });
    assert.is(refused.status, 413);
    assert.ok(performance.now() - started < 2000);
    const next = await fetch(`${stack.baseUrl}/api/auth/customer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', orderNumber: 'EP-0001' }),
    });
    assert.is(next.status, 401, 'the next request is answered normally, not 503');
  }
});

test('a signed-out chunked body over 64 KB is refused by the service, and the gateway pool stays healthy', async ({
  stack,
}) => {
  const body = new Blob([bigJson(512 * 1024)]).stream(); // a stream: sent chunked, no Content-Length
  const refused = await fetch(`${stack.baseUrl}/api/auth/customer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  assert.is(refused.status, 413);
  for (let i = 0; i < 5; i++) {
    const next = await fetch(`${stack.baseUrl}/api/auth/me`);
    assert.is(next.status, 401);
  }
});

test('a signed-out upload is refused before its body is read, and the next request is fine', async ({
  stack,
  order,
}) => {
  const form = new FormData();
  form.set('orderNumber', order.orderNumber);
  form.set('file', new Blob([new Uint8Array(5 * 1024 * 1024)], { type: 'application/pdf' }), 'big.pdf');
  const refused = await fetch(`${stack.baseUrl}/api/admin/upload-document`, { method: 'POST', body: form });
  assert.is(refused.status, 413);
  const small = new FormData();
  small.set('orderNumber', order.orderNumber);
  small.set('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'small.pdf');
  const anonymous = await fetch(`${stack.baseUrl}/api/admin/upload-document`, { method: 'POST', body: small });
  assert.is(anonymous.status, 401);
  assert.is((await fetch(`${stack.baseUrl}/api/auth/me`)).status, 401);
});

test('a signed-in admin may still send a large JSON body', async ({ admin }) => {
  const answer = await admin.post('/api/admin/import', [{ notes: 'x'.repeat(200 * 1024) }]);
  assert.not.equal(answer.status, 413);
});

test('x-min-position far beyond the log is answered at once', async ({ stack }) => {
  const browser = new Browser(stack.baseUrl);
  assert.is((await browser.postJson('/api/auth/admin/login', ADMIN)).status, 200);
  const started = performance.now();
  const answer = await browser.fetch('/api/admin/orders', { headers: { 'x-min-position': '999999999999' } });
  assert.is(answer.status, 200);
  assert.ok(performance.now() - started < 1000, `took ${Math.round(performance.now() - started)} ms`);
  assert.is(answer.headers.get('x-min-position-reached'), 'false');
});

test('pages carry a strict CSP with the inline script hash, and the other security headers', async ({ pagesUrl }) => {
  for (const path of ['/', '/admin/login', '/orders/EP-0001']) {
    const page = await fetch(pagesUrl + path);
    assert.is(page.status, 200);
    const csp = page.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    assert.not.match(scriptSrc, /unsafe-inline|unsafe-eval/);
    const { createHash } = await import('node:crypto');
    assert.ok(scriptSrc.includes(`'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`), csp);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /object-src/);
    assert.is(page.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(page.headers.get('referrer-policy'));
    assert.ok(page.headers.get('permissions-policy'));
    assert.is(page.headers.get('strict-transport-security'), null, 'no HSTS over plain http');
  }
});

test('HSTS is sent when a trusted proxy says the client came over HTTPS, and not when untrusted', async ({
  stack,
  dir,
}) => {
  const trusting = createGateway({
    commandUrl: stack.commandUrl,
    queryUrl: stack.queryUrl,
    staticDir: dir,
    logger: createLogger('test', 'silent'),
    trustProxy: true,
  });
  await new Promise<void>((resolve) => trusting.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(trusting.address() as AddressInfo).port}`;
    const viaTls = await fetch(`${url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    assert.match(viaTls.headers.get('strict-transport-security') ?? '', /max-age=\d+/);
  } finally {
    await new Promise((resolve) => trusting.close(resolve));
  }
  const untrusted = await fetch(`${stack.baseUrl}/api/auth/me`, { headers: { 'x-forwarded-proto': 'https' } });
  assert.is(untrusted.headers.get('strict-transport-security'), null);
});

test('API answers are no-store, nosniff and may not be framed', async ({ admin }) => {
  for (const answer of [await admin.get('/api/admin/orders'), await admin.get('/api/nothing-here')]) {
    assert.is(answer.headers.get('cache-control'), 'no-store');
    assert.is(answer.headers.get('x-content-type-options'), 'nosniff');
    assert.match(answer.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  }
});

test('an uploaded document is served with a sandbox CSP and a Content-Disposition', async ({ admin, order }) => {
  const form = new FormData();
  form.set('orderNumber', order.orderNumber);
  form.set('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'spec.pdf');
  const upload = await admin.post<{ documentUrl: string }>('/api/admin/upload-document', form);
  assert.is(upload.status, 201);
  const document = await admin.raw(upload.body.documentUrl);
  assert.is(document.status, 200);
  assert.match(document.headers.get('content-security-policy') ?? '', /^sandbox\b/);
  assert.match(document.headers.get('content-disposition') ?? '', /^inline; filename="spec\.pdf"/);
  assert.is(document.headers.get('x-content-type-options'), 'nosniff');
  assert.match(document.headers.get('cache-control') ?? '', /no-store/);
});

test.run();
