import { z } from 'zod';
import { commandOperations } from './command-operations.ts';
import { errorAnswerSchema, type HeaderName, type Operation, type Role } from './operation.ts';
import { pushOperations } from './push-operations.ts';
import { queryOperations } from './query-operations.ts';

export const operations: readonly Operation[] = [...commandOperations, ...queryOperations, ...pushOperations];

type Json = Record<string, unknown>;

const toJson = (schema: z.ZodType | Json): Json => {
  if (!(schema instanceof z.ZodType)) return schema;
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
};
const content = (byType: Record<string, z.ZodType | Json>) =>
  Object.fromEntries(Object.entries(byType).map(([type, schema]) => [type, { schema: toJson(schema) }]));

const headerParams: Record<HeaderName, Json> = {
  'If-Match': {
    name: 'If-Match',
    in: 'header',
    description:
      'The order version the change is based on (`3`, `"3"` or `W/"3"`); stale answers 409 with `currentVersion`',
    schema: { type: 'string', pattern: '^(W/)?"?[0-9]+"?$' },
  },
  'Idempotency-Key': {
    name: 'Idempotency-Key',
    in: 'header',
    description: 'Same key and body: the first answer again. Same key, other body: 422 IDEMPOTENCY_KEY_REUSED',
    schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7E]+$' },
  },
  'x-min-position': {
    name: 'x-min-position',
    in: 'header',
    description: "A write's `x-event-position`: answer only once the read models include it (bounded wait)",
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  'x-send-email': {
    name: 'x-send-email',
    in: 'header',
    description: '`true` also asks for the customer to be told',
    schema: { type: 'string', enum: ['true', 'false'] },
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (VALIDATION_FAILED with `errors`, or BAD_REQUEST)',
  401: 'Not signed in, or the sign-in failed',
  403: 'Signed in, but not an admin (or a cross-site write refused)',
  404: 'Not found (or not yours)',
  409: 'Conflict: a stale If-Match (with `currentVersion`) or the resource exists',
  413: 'The body is too large',
  415: 'Unsupported content type',
  422: 'Refused: a business rule, or IDEMPOTENCY_KEY_REUSED',
  429: 'Too many attempts (Retry-After)',
  503: 'The database is unavailable for a moment (Retry-After); safe to retry',
};

/** The statuses an operation can answer with an error, from its role, inputs and own list. */
export function errorStatuses(op: Operation): number[] {
  const statuses = new Set<number>(op.errors ?? []);
  if (op.role !== 'anyone') statuses.add(401);
  if (op.role === 'admin' || op.role === 'auditor' || op.role === 'customer') statuses.add(403);
  if (op.method !== 'get') for (const status of [400, 403, 413, 415, 422]) statuses.add(status);
  if (op.query || op.pathParams || op.headers?.length) statuses.add(400);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** The session roles that may call an operation of each kind. */
const rolesOf: Record<Role, string[]> = {
  anyone: [],
  'signed-in': ['customer', 'auditor', 'admin'],
  customer: ['customer'],
  auditor: ['auditor', 'admin'],
  admin: ['admin'],
};

function operationObject(op: Operation): Json {
  const parameters: Json[] = [
    ...Object.entries(op.pathParams ?? {}).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: toJson(schema),
    })),
    ...Object.entries(toJson(op.query ?? z.object({})).properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: false,
      schema,
    })),
    ...(op.headers ?? []).map((name) => headerParams[name]),
  ];
  const responses: Json = {};
  for (const [status, answer] of Object.entries(op.answers)) {
    responses[status] = {
      description: answer.description,
      ...(answer.content && { content: content(answer.content) }),
      ...(answer.headers?.length && {
        headers: Object.fromEntries(answer.headers.map((name) => [name, { schema: { type: 'string' } }])),
      }),
    };
  }
  for (const status of errorStatuses(op)) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  responses['4XX'] = {
    description: 'Any other refusal',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: `Role: ${op.role}.`,
    tags: [op.tag],
    'x-roles': rolesOf[op.role],
    security: op.role === 'anyone' ? [] : [{ sessionCookie: [] }],
    ...(parameters.length && { parameters }),
    ...(op.body && { requestBody: { required: op.body.required ?? false, content: content(op.body.content) } }),
    responses,
  };
}

/** OpenAPI 3.1 of the whole product, from the zod contracts (JSON Schema 2020-12). */
export function openApiDocument(version = '1.0.0'): Json {
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Order Tracker API',
      version,
      description:
        'Orders of a golf-club fitting studio. Writes go to the command service, reads to the query service, both under /api. ' +
        'Writes from a browser must be same-origin; JSON bodies are `application/json`.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: toJson(errorAnswerSchema) },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'ot_session',
          description: 'Set by the login operations; `__Host-ot_session` over HTTPS',
        },
      },
    },
  };
}
