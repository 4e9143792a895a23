import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter } from '../deps.ts';

export const API_DOCS_PATH = '/api/docs';
const SCRIPT_PATH = '/api/docs/scalar.js';

/** The page runs only our own script (no inline code): Scalar reads the document's URL from a data attribute. */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Order Tracker API</title></head>
<body>
<script id="api-reference" data-url="/api/openapi.json" data-configuration='{"withDefaultFonts":false,"hideClientButton":true,"agent":{"disabled":true},"mcp":{"disabled":true},"telemetry":false,"showDeveloperTools":"never"}'></script>
<script src="${SCRIPT_PATH}"></script>
</body>
</html>
`;

/** The package exports no path to its browser bundle: it lies beside the entry point, in dist/browser. */
const scriptFile = () =>
  join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/** GET /api/docs: the OpenAPI document as a Scalar reference page, for admins; its script is loaded only here. */
export function apiDocsRoute(router: QueryRouter): void {
  let script: Promise<Buffer> | undefined;
  router.get(API_DOCS_PATH, requireRole('admin'), (ctx) => {
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });
  router.get(SCRIPT_PATH, requireRole('admin'), async (ctx) => {
    script ??= readFile(scriptFile());
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = await script;
  });
}
