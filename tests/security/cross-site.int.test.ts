import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { ADMIN, orderPayload, type Stack, startStack } from '../support/stack.ts';
import { Browser } from './browser.ts';

const EVIL = 'https://evil.example';
const ALLOWED = 'https://admin.studio.test';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const test = suite<{ stack: Stack; admin: Browser; order: OrderView }>('cross-site writes are refused', {
  stack: undefined as never,
  admin: undefined as never,
  order: undefined as never,
});
test.before(async (context) => {
  context.stack = await startStack({ ALLOWED_ORIGINS: ALLOWED });
  context.order = await addOrder(await signedInAdmin(context.stack));
  context.admin = new Browser(context.stack.baseUrl);
  const login = await context.admin.postJson('/api/auth/admin/login', ADMIN);
  assert.is(login.status, 200);
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const pdfForm = (orderNumber: string) => {
  const form = new FormData();
  form.set('orderNumber', orderNumber);
  form.set('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'spec.pdf');
  return form;
};
const csrf = (browser: Browser) => browser.cookies.get('ot_csrf') ?? '';
const countOrders = async (stack: Stack) =>
  Number((await stack.db.pool.query<{ n: string }>(`select count(*) as n from es.events`)).rows[0]?.n);

test('a page on another site cannot place an order with the admin cookie, in any of the three encodings', async ({
  stack,
  admin,
}) => {
  const before = await countOrders(stack);
  const json = JSON.stringify(orderPayload());
  const textPlain = await admin.fetch('/api/admin/orders', {
    method: 'POST',
    body: json,
    headers: { 'content-type': 'text/plain', origin: EVIL, 'sec-fetch-site': 'cross-site' },
  });
  const form = await admin.fetch('/api/admin/orders', {
    method: 'POST',
    body: new URLSearchParams({ customerEmail: 'x@example.com' }),
    headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
  });
  const multipart = new FormData();
  multipart.set('customerEmail', 'x@example.com');
  const asMultipart = await admin.fetch('/api/admin/orders', {
    method: 'POST',
    body: multipart,
    headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
  });
  assert.equal([textPlain.status, form.status, asMultipart.status], [403, 403, 403]);
  assert.is(((await textPlain.json()) as { code: string }).code, 'CROSS_SITE_REFUSED');
  assert.is(await countOrders(stack), before, 'nothing was appended');
});

test('a sibling subdomain (same site, another origin) is refused too', async ({ admin }) => {
  const answer = await admin.postJson('/api/admin/orders', orderPayload(), {
    origin: 'https://shop.localhost',
    'sec-fetch-site': 'same-site',
  });
  assert.is(answer.status, 403);
});

test('a cross-site upload is refused even with the right token', async ({ admin, order }) => {
  const answer = await admin.fetch('/api/admin/upload-document', {
    method: 'POST',
    body: pdfForm(order.orderNumber),
    headers: { origin: EVIL, 'x-csrf-token': csrf(admin) },
  });
  assert.is(answer.status, 403);
});

test('a cross-site logout is refused (Sec-Fetch-Site alone is enough)', async ({ admin }) => {
  const answer = await admin.fetch('/api/auth/logout', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } });
  assert.is(answer.status, 403);
  assert.is((await admin.fetch('/api/auth/me')).status, 200, 'still signed in');
});

test('the same writes from our own pages are accepted', async ({ stack, admin, order }) => {
  const own = { origin: stack.baseUrl, 'sec-fetch-site': 'same-origin' };
  const placed = await admin.postJson('/api/admin/orders', orderPayload(), own);
  assert.is(placed.status, 201, await placed.text());
  const upload = await admin.fetch('/api/admin/upload-document', {
    method: 'POST',
    body: pdfForm(order.orderNumber),
    headers: { ...own, 'x-csrf-token': csrf(admin) },
  });
  assert.is(upload.status, 201, await upload.text());
});

test('an upload without the double-submit token is refused, even from our own origin', async ({
  stack,
  admin,
  order,
}) => {
  const answer = await admin.fetch('/api/admin/upload-document', {
    method: 'POST',
    body: pdfForm(order.orderNumber),
    headers: { origin: stack.baseUrl },
  });
  assert.is(answer.status, 403);
  assert.is(((await answer.json()) as { code: string }).code, 'CSRF_TOKEN_MISSING');
});

test('an origin on the ALLOWED_ORIGINS list may write', async ({ admin }) => {
  const answer = await admin.postJson('/api/admin/orders', orderPayload(), {
    origin: ALLOWED,
    'sec-fetch-site': 'cross-site',
  });
  assert.is(answer.status, 201);
});

test('clients that are not browsers (no Origin) keep working for JSON, but not for text/plain or forms', async ({
  admin,
}) => {
  assert.is((await admin.postJson('/api/admin/orders', orderPayload())).status, 201);
  const text = await admin.fetch('/api/admin/orders', {
    method: 'POST',
    body: JSON.stringify(orderPayload()),
    headers: { 'content-type': 'text/plain' },
  });
  assert.is(text.status, 415);
  const form = await admin.fetch('/api/admin/orders', {
    method: 'POST',
    body: new URLSearchParams({ customerEmail: 'x@example.com' }),
  });
  assert.is(form.status, 415);
});

test('reads are not affected: a GET with a foreign Origin still answers', async ({ admin }) => {
  const answer = await admin.fetch('/api/auth/me', { headers: { origin: EVIL } });
  assert.is(answer.status, 200);
});

test.run();
