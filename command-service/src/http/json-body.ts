import { JSON_ONLY } from '@ot/infra/http/cross-site.ts';
import { HttpError } from '@ot/infra/http/errors.ts';
import type { AppContext } from '@ot/infra/http/session.ts';
import type { Next } from 'koa';

export { JSON_ONLY };

/**
 * For routes that read a JSON body: a body of another type (a form, text/plain, no type at all) is a 415,
 * not an empty object whose first missing field would be reported as the problem.
 */
export async function jsonBody(ctx: AppContext, next: Next): Promise<void> {
  // `is` is null without a body, false for a body of another type.
  if (ctx.is('application/json', 'application/*+json') === false) {
    throw new HttpError(415, JSON_ONLY, 'UNSUPPORTED_MEDIA_TYPE');
  }
  await next();
}
