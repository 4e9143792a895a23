import { suite } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
