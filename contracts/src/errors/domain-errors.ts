/**
 * The refusals of the domain: three kinds, each with a stable `code` a client may branch on and a
 * human `message` (the product's own words where it has them). Deciders throw these; the HTTP edge maps the
 * kind to a status in one place (`infra/src/http/errors.ts`), so the domain knows nothing of HTTP.
 */
export type DomainErrorKind = 'NotFound' | 'Conflict' | 'Invalid';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly code: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = kind;
  }
}

/** What the command names does not exist (or is not the caller's to see). */
export class NotFound extends DomainError {
  constructor(message: string, code = 'NOT_FOUND', details: Record<string, unknown> = {}) {
    super('NotFound', message, code, details);
  }
}

/** The command is well formed but the current state refuses it. */
export class Conflict extends DomainError {
  constructor(message: string, code = 'CONFLICT', details: Record<string, unknown> = {}) {
    super('Conflict', message, code, details);
  }
}

/** The input breaks a rule of the domain. */
export class Invalid extends DomainError {
  constructor(message: string, code = 'INVALID', details: Record<string, unknown> = {}) {
    super('Invalid', message, code, details);
  }
}

export const ORDER_NOT_FOUND = 'Order not found';
export const ITEM_NOT_FOUND = 'Item not found';
export const STALE_VERSION = 'This order was changed by someone else. Reload it and try again.';

export const orderNotFound = () => new NotFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
export const itemNotFound = () => new NotFound(ITEM_NOT_FOUND, 'ITEM_NOT_FOUND');
export const orderExists = (orderNumber: string) => new Conflict(`Order ${orderNumber} already exists`, 'ORDER_EXISTS');
/** A change based on a version that is no longer the current one (`If-Match`). */
export const staleVersion = (currentVersion: number) =>
  new Conflict(STALE_VERSION, 'VERSION_CONFLICT', { currentVersion });
export const emailEventNotFound = () => new NotFound('Email event not found', 'EMAIL_EVENT_NOT_FOUND');
