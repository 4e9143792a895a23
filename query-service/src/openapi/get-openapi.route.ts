import { openApiDocument } from '@ot/contracts/api/openapi-document.ts';
import { OPENAPI_PATH } from '@ot/contracts/api/query-operations.ts';
import type { QueryRouter } from '../deps.ts';

/** GET /api/openapi.json: the OpenAPI 3.1 document, public and the same for everyone (built once). */
export function getOpenApiRoute(router: QueryRouter): void {
  const document = JSON.stringify(openApiDocument());
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json';
    ctx.body = document;
  });
}
