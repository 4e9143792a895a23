import { z } from 'zod';

/** Who may call an operation (checked in one place, infra/src/http/policy.ts); admins meet 'auditor'. */
export type Role = 'anyone' | 'signed-in' | 'customer' | 'auditor' | 'admin';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface Body {
  /** Media type -> schema (a zod schema, or raw JSON Schema for what zod does not describe, e.g. a file). */
  content: Record<string, z.ZodType | Record<string, unknown>>;
  required?: boolean;
}

export interface Answer {
  description: string;
  content?: Record<string, z.ZodType | Record<string, unknown>>;
  headers?: readonly string[];
}

/** One HTTP operation of the product, as the OpenAPI document describes it. */
export interface Operation {
  method: Method;
  /** OpenAPI form: `/api/orders/{orderNumber}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  role: Role;
  pathParams?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  /** Request headers that matter: `If-Match`, `Idempotency-Key`, `x-min-position`, `x-send-email`. */
  headers?: readonly HeaderName[];
  body?: Body;
  /** Success answers by status; errors are added from `errors` and the role. */
  answers: Record<number, Answer>;
  /** Error statuses this operation gives besides those of its role and inputs. */
  errors?: readonly number[];
}

export type HeaderName = 'If-Match' | 'Idempotency-Key' | 'x-min-position' | 'x-send-email';

/** Every error answer: `{message, error, code}` plus details (`errors`, `currentVersion`, `retryAfter`). */
export const errorAnswerSchema = z
  .object({
    message: z.string(),
    error: z.string(),
    code: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    currentVersion: z.number().int().optional(),
    retryAfter: z.number().optional(),
  })
  .loose();

export const successSchema = z.object({ success: z.literal(true) });
