import { z } from 'zod';

/**
 * What the auditors' read path answers (query-service/src/audit), as the PWA parses it: from the
 * server, and from the copy kept on the device for offline use.
 */
export const auditEventSchema = z.object({
  id: z.string(),
  stream: z.string(),
  version: z.number(),
  position: z.number(),
  type: z.string(),
  occurredAt: z.string(),
  recordedAt: z.string(),
  actor: z.object({ kind: z.string(), id: z.string(), name: z.string() }),
  commandId: z.string(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  data: z.unknown(),
  hash: z.string(),
  /** The data and metadata as stored, personal values sealed per customer: what the hash covers (null: as shown). */
  sealed: z.object({ data: z.unknown(), metadata: z.unknown() }).nullable().optional(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET /api/audit/verify: the latest hash-chain and read-model checks. */
export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.string().nullable(),
  checks: z.array(z.object({ kind: z.string(), ok: z.boolean(), checkedAt: z.string(), details: z.unknown() })),
});
