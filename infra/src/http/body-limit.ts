import type { Next } from 'koa';
import { HttpError } from './errors.ts';
import type { AppContext } from './session.ts';

/** What a signed-out client may send: any login fits, nothing that could tie up a service does. */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

/**
 * Before any body is read: a signed-out request announcing more than `limit` bytes is a 413 at once
 * (the request log middleware closes the connection, since the body stays unread). A chunked body of
 * unknown length meets the JSON parser's limit for signed-out requests instead.
 */
export function limitAnonymousBodies(limit: number) {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.state.user && Number(ctx.get('content-length') || 0) > limit) {
      throw new HttpError(
        413,
        `Sign in first: a request body of more than ${limit / 1024} KB needs a session.`,
        'PAYLOAD_TOO_LARGE',
      );
    }
    await next();
  };
}
