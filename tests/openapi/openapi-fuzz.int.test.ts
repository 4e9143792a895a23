import { errorAnswerSchema } from '@ot/contracts/api/operation.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin, signedInCustomer } from '../support/scenario.ts';
import { type Client, type Stack, startStack } from '../support/stack.ts';
import { anyText, invalid, type JsonSchema, nastyText, valid } from './schema-arbitrary.ts';

/**
 * Fuzzing from the OpenAPI document the product serves: every described operation gets generated valid
 * and invalid bodies, parameters, queries and headers, as anonymous, customer and admin. Never a 5xx,
 * never a stack trace or SQL in an answer, and every error answer is one the document describes, in its
 * schema. Bounded: FUZZ_RUNS (30) per operation, a fixed seed (FUZZ_SEED to vary it; printed on failure).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
type Identity = 'anonymous' | 'customer' | 'admin';

interface World {
  stack: Stack;
  document: { paths: Record<string, Record<string, Operation>> };
  clients: Record<Identity, Client>;
  order: OrderView;
}
const test = suite<World>('fuzzing every operation of the OpenAPI document', {} as World);

test.before(async (context) => {
  context.stack = await startStack({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000', LOGIN_MAX_FAILURES_PER_CLIENT: '1000' });
  const admin = await signedInAdmin(context.stack);
  context.order = await addOrder(admin);
  await context.stack.settle();
  context.clients = {
    anonymous: context.stack.client(),
    customer: await signedInCustomer(context.stack, context.order.customerEmail, context.order.orderNumber),
    admin,
  };
  const answer = await context.clients.anonymous.get<World['document']>('/api/openapi.json');
  assert.is(answer.status, 200);
  context.document = answer.body;
});
test.after(async ({ stack }) => {
  await stack.stop();
});

/** What a leaked stack trace or SQL error looks like in an answer. */
const STACK_TRACE = /\bat [\w.<>]+ \(|node:internal|\/work\/|\.ts:\d+:\d+/;
const SQL_TEXT =
  /syntax error at or near|relation "[^"]+" does not exist|violates \w+ constraint|duplicate key value|\bselect\b[^"]{0,80}\bfrom\b\s+(rm|es)\./i;

function pathValue(world: World, name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const known =
    name === 'orderNumber'
      ? [world.order.orderNumber, world.order.orderNumber.toLowerCase()]
      : name === 'itemId'
        ? world.order.items.map((item) => item.id)
        : [];
  return fc.oneof(...(known.length ? [fc.constantFrom(...known)] : []), valid(schema).map(String), nastyText, anyText);
}

const headerValue = (name: string, schema: JsonSchema) =>
  name === 'x-min-position'
    ? fc.oneof(fc.constantFrom('0', '1', '99999999999', '-1', 'abc'), fc.nat().map(String))
    : name === 'If-Match'
      ? fc.oneof(fc.constantFrom('1', '"1"', 'W/"1"', '*', 'abc', '99999999999999999999'), fc.nat(5).map(String))
      : fc.oneof(valid(schema).map(String), nastyText);

/** Printable ASCII only: fetch refuses other header values before sending. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '').trim();

interface Request {
  identity: Identity;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  contentType?: string;
}

function requests(world: World, path: string, operation: Operation, identity: Identity): fc.Arbitrary<Request> {
  const parameters = operation.parameters ?? [];
  const ofKind = (kind: Parameter['in']) => parameters.filter((p) => p.in === kind);
  const pathValues = fc.record(
    Object.fromEntries(ofKind('path').map((p) => [p.name, pathValue(world, p.name, p.schema)])),
  );
  const queryValues = fc.record(
    Object.fromEntries(
      ofKind('query').map((p) => [
        p.name,
        fc
          .oneof(valid(p.schema), invalid(p.schema))
          .map((value) => (typeof value === 'string' ? value : JSON.stringify(value))),
      ]),
    ),
    { requiredKeys: [] },
  );
  const headerValues = fc.record(
    Object.fromEntries(ofKind('header').map((p) => [p.name, headerValue(p.name, p.schema).map(headerSafe)])),
    { requiredKeys: [] },
  );
  const content = operation.requestBody?.content ?? {};
  const bodies: fc.Arbitrary<{ body: unknown; contentType?: string }>[] = [fc.constant({ body: undefined })];
  const json = content['application/json']?.schema;
  if (json) bodies.push(fc.oneof(valid(json), valid(json), invalid(json)).map((body) => ({ body })));
  if (content['multipart/form-data']) {
    bodies.push(
      fc
        .tuple(
          fc.uint8Array({ maxLength: 300 }),
          fc.constantFrom('a.pdf', 'orders.json', 'c.csv', ''),
          fc.oneof(nastyText, fc.constant(world.order.orderNumber)),
        )
        .map(([bytes, name, orderNumber]) => {
          const form = new FormData();
          form.set('file', new Blob([bytes]), name);
          form.set('orderNumber', orderNumber);
          return { body: form };
        }),
    );
  }
  if (content['text/csv']) bodies.push(anyText.map((body) => ({ body, contentType: 'text/csv' })));
  return fc
    .record({ pathValues, queryValues, headerValues, body: fc.oneof(...bodies) })
    .map(({ pathValues, queryValues, headerValues, body }) => {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent((pathValues[name] ?? '').replace(/[\ud800-\udfff]/g, '?')),
      );
      const query = new URLSearchParams(queryValues as Record<string, string>).toString();
      return {
        identity,
        path: query ? `${filled}?${query}` : filled,
        headers: headerValues as Record<string, string>,
        body: body.body,
        contentType: body.contentType,
      };
    });
}

/** The operations in document order, logout last (it ends the session the other runs use). */
const operationsOf = (world: World) =>
  Object.entries(world.document.paths)
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })))
    .sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));

test('no operation answers a 5xx, a stack trace or SQL, and every error answer is described', async (world) => {
  const identities: Identity[] = ['anonymous', 'customer', 'admin'];
  let requestsSent = 0;
  const statuses = new Map<number, number>();
  for (const { path, method, operation } of operationsOf(world)) {
    for (const identity of identities) {
      const property = fc.asyncProperty(requests(world, path, operation, identity), async (request) => {
        const client = world.clients[request.identity];
        const headers = { ...request.headers, ...(request.contentType && { 'content-type': request.contentType }) };
        const answer = await client.request(method.toUpperCase(), request.path, request.body, headers);
        requestsSent += 1;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        const where = `${method.toUpperCase()} ${request.path} as ${request.identity} -> ${answer.status} ${text.slice(0, 300)}`;
        assert.ok(answer.status < 500, `5xx: ${where}`);
        if (answer.status < 400) return;
        assert.not.match(text, STACK_TRACE, `stack trace: ${where}`);
        assert.not.match(text, SQL_TEXT, `SQL text: ${where}`);
        const described =
          operation.responses[String(answer.status)] ?? operation.responses[`${String(answer.status)[0]}XX`];
        assert.ok(described, `undescribed status: ${where}`);
        if (described?.content?.['application/json']?.schema.$ref === '#/components/schemas/Error') {
          assert.ok(errorAnswerSchema.safeParse(answer.body).success, `error answer not in the Error schema: ${where}`);
        }
      });
      try {
        await fc.assert(property, { numRuns: Math.ceil(RUNS / identities.length), seed: SEED, endOnFailure: true });
      } catch (error) {
        throw new Error(
          `${method.toUpperCase()} ${path} as ${identity} (FUZZ_SEED=${SEED}): ${(error as Error).message}`,
        );
      }
    }
  }
  assert.ok(requestsSent >= operationsOf(world).length * identities.length, `only ${requestsSent} requests sent`);
  // Generated inputs reach the handlers too, not only the validation in front of them.
  const successes = [...statuses].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
  assert.ok(successes > requestsSent / 10, `only ${successes} of ${requestsSent} answers were 2xx: ${[...statuses]}`);
});

test.run();
