import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signedInAdmin } from '../support/scenario.ts';
import { type Stack, startStack } from '../support/stack.ts';

const test = suite<{ stack: Stack }>('the OpenAPI document', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack({}, { projector: false });
});
test.after(async ({ stack }) => {
  await stack.stop();
});

test('GET /api/openapi.json answers anyone with the OpenAPI 3.1 document, cacheable', async ({ stack }) => {
  const answer = await stack.client().get<{ openapi: string; paths: Record<string, unknown> }>('/api/openapi.json');
  assert.is(answer.status, 200);
  assert.is(answer.body.openapi, '3.1.0');
  assert.ok(answer.body.paths['/api/admin/orders/{orderNumber}/items/{itemId}']);
  assert.match(answer.headers.get('cache-control') ?? '', /public/);
  assert.match(answer.headers.get('content-type') ?? '', /application\/json/);
});

test('GET /api/docs is the reference page for admins only, its script our own file, no inline script allowed', async ({
  stack,
}) => {
  assert.is((await stack.client().get('/api/docs')).status, 401);
  const admin = await signedInAdmin(stack);
  const page = await admin.raw('/api/docs');
  assert.is(page.status, 200);
  const csp = page.headers.get('content-security-policy') ?? '';
  const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  assert.is(scriptSrc.trim(), "script-src 'self'");
  const html = await page.text();
  assert.match(html, /data-url="\/api\/openapi.json"/);
  assert.not.match(html, /<script>[^<]/, 'no inline script');
  const script = await admin.raw('/api/docs/scalar.js');
  assert.is(script.status, 200);
  assert.match(script.headers.get('content-type') ?? '', /javascript/);
  assert.ok((await script.arrayBuffer()).byteLength > 100_000);
});

test.run();
