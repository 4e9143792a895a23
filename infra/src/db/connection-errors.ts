/**
 * Errors that say "the database could not be reached or dropped us", not "the request was wrong": a
 * restarted or unreachable Postgres, a terminated backend, a pool with no free connection in time. The
 * request may well succeed a moment later, so the services answer these with 503 and `Retry-After`.
 */
const NODE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTCONN',
  'EAI_AGAIN',
]);

/** SQLSTATEs of class 08 (connection exception) and the shutdown / overload ones of classes 57 and 53. */
const SQL_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);

const PG_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];

export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NODE_CODES.has(code) || SQL_STATES.has(code) || code.startsWith('08')))
      return true;
    if (typeof message === 'string' && PG_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = cause;
  }
  return false;
}
