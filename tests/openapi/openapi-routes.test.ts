import type Router from '@koa/router';
import { openApiDocument } from '@ot/contracts/api/openapi-document.ts';
import { loadConfig } from '@ot/infra/config.ts';
import { createLogger } from '@ot/infra/logger.ts';
import type Koa from 'koa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp as createCommandApp } from '../../command-service/src/app.ts';
import type { CommandServiceDeps } from '../../command-service/src/deps.ts';
import { createApp as createQueryApp } from '../../query-service/src/app.ts';
import type { QueryServiceDeps } from '../../query-service/src/deps.ts';

// Building the apps touches no dependency but these; routes only use the rest when called.
const deps = {
  config: loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
  logger: createLogger('test', 'silent'),
  // The query app asks its store at build time whether it can say where the log stands in the session's statement.
  store: {},
};

/** `METHOD /path/{param}` for every route the app's routers registered (HEAD is GET's). */
function registeredRoutes(app: Koa): string[] {
  const routes: string[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    for (const layer of router?.stack ?? []) {
      const path = String(layer.path).replace(/:(\w+)/g, '{$1}');
      for (const method of layer.methods) if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

const described = () =>
  Object.entries(openApiDocument().paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

test('every route of the command and query services is in the OpenAPI document, and nothing else is', () => {
  const routes = [
    ...registeredRoutes(createCommandApp(deps as unknown as CommandServiceDeps)),
    ...registeredRoutes(createQueryApp(deps as unknown as QueryServiceDeps)),
  ].sort();
  assert.ok(routes.length > 20, `only ${routes.length} routes found: the routers were not found in the apps`);
  const documented = described();
  const undescribed = routes.filter((route) => !documented.includes(route));
  assert.ok(
    undescribed.length === 0,
    `no OpenAPI operation for ${undescribed.join(', ')}: describe it in contracts/src/api/command-operations.ts (a write) or query-operations.ts (a read)`,
  );
  const unserved = documented.filter((route) => !routes.includes(route));
  assert.ok(
    unserved.length === 0,
    `OpenAPI operations no route serves: ${unserved.join(', ')} (a route's path or method differs from its operation's, or the route is not mounted in its app.ts)`,
  );
});

test('the document is OpenAPI 3.1 with the session cookie scheme and a role and error answers on every operation', () => {
  const document = openApiDocument() as {
    openapi: string;
    components: { securitySchemes: Record<string, { in: string }> };
    paths: Record<string, Record<string, { 'x-roles': string[]; responses: Record<string, unknown> }>>;
  };
  assert.is(document.openapi, '3.1.0');
  assert.is(document.components.securitySchemes.sessionCookie?.in, 'cookie');
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      assert.ok(Array.isArray(operation['x-roles']), `${method} ${path} has no roles`);
      assert.ok(operation.responses['503'] && operation.responses['4XX'], `${method} ${path} lacks error answers`);
    }
  }
});

test.run();
