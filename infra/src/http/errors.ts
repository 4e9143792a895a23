import { DomainError, type DomainErrorKind, staleVersion } from '@ot/contracts/errors/domain-errors.ts';
import type { Context, Next } from 'koa';
import { ZodError, type z } from 'zod';
import { isConnectionError } from '../db/connection-errors.ts';
import { DocumentDamagedError } from '../documents/document-store.ts';
import { WrongExpectedVersionError } from '../event-store/event-store.ts';
import type { Logger } from '../logger.ts';

/**
 * Errors of the HTTP edge itself (malformed header, not signed in, rate limited). Refusals of the domain
 * are `DomainError`s from contracts (NotFound, Conflict, Invalid), mapped to a status below.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details: Record<string, unknown> = {}) =>
  new HttpError(400, message, 'BAD_REQUEST', details);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message, 'UNAUTHENTICATED');
export const forbidden = (message = 'Admin access required') => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found') => new HttpError(404, message, 'NOT_FOUND');
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, 'TOO_MANY_REQUESTS', { retryAfter: retryAfterSeconds });
/** The database is out of reach for a moment: the request did not happen (or, for a write, may be retried safely). */
export const serviceUnavailable = (retryAfterSeconds = 1) =>
  new HttpError(503, 'The database is unavailable for a moment. Please try again shortly.', 'SERVICE_UNAVAILABLE', {
    retryAfter: retryAfterSeconds,
  });

export interface ValidationIssue {
  path: string;
  message: string;
}

export function validationError(error: z.ZodError): HttpError {
  const issues: ValidationIssue[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return new HttpError(400, issues[0]?.message ?? 'Invalid input', 'VALIDATION_FAILED', { errors: issues });
}

/** Parse untrusted input with a contracts schema; a mismatch is a 400 carrying the schema's own messages. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The single error path: every failure becomes `{message, code, ...}` with a 4xx, or a logged 500. */
export function errorHandler(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { message: 'Not found', error: 'Not found', code: 'NOT_FOUND' };
      } else if (ctx.status === 405) {
        // The router's answer to a method a path does not take: JSON like every other error.
        const message = 'This method is not allowed here';
        ctx.body = { message, error: message, code: 'METHOD_NOT_ALLOWED' };
      }
    } catch (caught) {
      const error = toHttpError(caught);
      if (error.status === 503)
        logger.warn({ err: caught, path: ctx.path, method: ctx.method }, 'database unavailable');
      else if (error.status >= 500) logger.error({ err: caught, path: ctx.path, method: ctx.method }, 'request failed');
      ctx.status = error.status;
      if (error.status === 429 || error.status === 503) {
        ctx.set('Retry-After', String(error.details.retryAfter ?? (error.status === 503 ? 1 : 60)));
      }
      ctx.body = { message: error.message, error: error.message, code: error.code, ...error.details };
    }
  };
}

/** The one place a domain refusal becomes an HTTP status. */
const statusOfKind: Record<DomainErrorKind, number> = { NotFound: 404, Conflict: 409, Invalid: 400 };
/** Invalid input whose HTTP answer is more precise than 400. */
const statusOfInvalidCode: Record<string, number> = { PAYLOAD_TOO_LARGE: 413, NOT_A_PDF: 415 };

function fromDomainError(error: DomainError): HttpError {
  const status = (error.kind === 'Invalid' && statusOfInvalidCode[error.code]) || statusOfKind[error.kind];
  return new HttpError(status, error.message, error.code, { ...error.details });
}

function toHttpError(caught: unknown): HttpError {
  if (caught instanceof HttpError) return caught;
  if (caught instanceof DomainError) return fromDomainError(caught);
  if (caught instanceof ZodError) return validationError(caught);
  if (caught instanceof WrongExpectedVersionError) return fromDomainError(staleVersion(caught.actual));
  if (isConnectionError(caught)) return serviceUnavailable();
  if (caught instanceof DocumentDamagedError) {
    // Our storage is at fault, not the request: a logged 500 that says what is wrong, and no damaged bytes.
    return new HttpError(500, 'This document is damaged in storage and cannot be shown', 'DOCUMENT_DAMAGED');
  }
  const status = (caught as { status?: number; statusCode?: number }).status ?? 500;
  if (status >= 400 && status < 500) {
    const expose = (caught as { expose?: boolean }).expose !== false;
    const message = expose && caught instanceof Error ? caught.message : 'Bad request';
    return new HttpError(status, message, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
  }
  return new HttpError(500, 'Something went wrong on our side. Please try again.', 'INTERNAL');
}
