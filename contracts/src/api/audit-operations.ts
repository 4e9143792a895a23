import { z } from 'zod';
import { orderViewSchema } from '../orders/order-views.ts';
import type { Operation } from './operation.ts';

/** The auditors' read path (query-service/src/audit): history, the order as of a version or time, export, verify. */

const json = (schema: z.ZodType) => ({ 'application/json': schema });
const orderNumberParam = { orderNumber: z.string().min(1).max(100) };
const isoInstant = z.string().describe('An ISO date and time, e.g. 2026-11-25T10:00:00Z');
const auditRecordSchema = z.looseObject({ type: z.string() });

export const auditOperations: readonly Operation[] = [
  {
    method: 'get',
    path: '/api/audit/orders/{orderNumber}/events',
    operationId: 'auditOrderEvents',
    summary: "Every event of an order's history (its emails included), with what each changed",
    tag: 'audit',
    role: 'auditor',
    pathParams: orderNumberParam,
    headers: ['x-min-position'],
    answers: { 200: { description: 'The events, oldest first', content: json(z.array(auditRecordSchema)) } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/audit/orders/{orderNumber}',
    operationId: 'auditOrderAsOf',
    summary: 'The order exactly as it stood at a version (`version`) or a time (`at`); neither: now',
    tag: 'audit',
    role: 'auditor',
    pathParams: orderNumberParam,
    query: z.object({ version: z.coerce.number().int().min(1).max(999_999_999).optional(), at: isoInstant.optional() }),
    headers: ['x-min-position'],
    answers: {
      200: {
        description: 'The order then',
        content: json(z.looseObject({ order: orderViewSchema.nullable().optional() })),
      },
    },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/audit/export',
    operationId: 'auditExport',
    summary:
      "Events as CSV or NDJSON: one order's history and/or those recorded from `from` up to `to` (a date alone: that whole day, UTC), streamed",
    tag: 'audit',
    role: 'auditor',
    query: z.object({
      format: z.enum(['csv', 'ndjson']).optional(),
      from: isoInstant.optional(),
      to: isoInstant.optional(),
      orderNumber: z.string().max(100).optional(),
    }),
    headers: ['x-min-position'],
    answers: {
      200: {
        description: 'The events with their chain hashes',
        content: { 'text/csv': { type: 'string' }, 'application/x-ndjson': { type: 'string' } },
      },
    },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/audit/verify',
    operationId: 'auditVerify',
    summary: 'The latest results of `npm run audit:verify` (hash chains, read models)',
    tag: 'audit',
    role: 'auditor',
    headers: ['x-min-position'],
    answers: {
      200: {
        description: 'Whether every check passed',
        content: json(z.object({ ok: z.boolean(), checkedAt: z.string().nullable(), checks: z.array(z.unknown()) })),
      },
    },
  },
];
