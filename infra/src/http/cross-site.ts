import { timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { HttpError } from './errors.ts';
import { type AppContext, CSRF_HEADER, csrfToken } from './session.ts';

export const CROSS_SITE_REFUSED = 'Requests from other sites are not accepted.';
export const CSRF_REFUSED = 'This form is missing its security token. Reload the page and try again.';
export const JSON_ONLY = 'The request body must be JSON (Content-Type: application/json).';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Bodies a page on another site can send without asking first (no CORS preflight), besides JSON we refuse. */
const FORM_TYPES = ['multipart/form-data', 'text/plain'];

export interface CrossSiteOptions {
  /** Origins besides our own that may write (`ALLOWED_ORIGINS`), e.g. `https://admin.example.com`. */
  allowedOrigins: readonly string[];
  /** Paths that take a file (multipart, or the file itself as the body) instead of JSON. */
  filePaths: readonly string[];
}

/** `ALLOWED_ORIGINS`: a comma-separated list of `scheme://host[:port]`; anything else is a configuration error. */
export function parseAllowedOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = new URL(entry);
      if (url.origin !== entry.replace(/\/$/, '')) throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an origin`);
      return url.origin;
    });
}

const hasBody = (ctx: Context) => Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Every state-changing request is refused unless it comes from our own pages or an allowed origin:
 * a browser says where a request comes from (`Origin`, `Sec-Fetch-Site`); a client that says nothing
 * (curl, scripts, tests) is not a browser carrying someone's cookie on another site's behalf. Bodies
 * must be JSON (which another site cannot send without a CORS preflight we never grant), except on
 * the file endpoints, where a form a browser could post (multipart, text/plain, no type) must also
 * carry the double-submit token from the `ot_csrf` cookie in `X-CSRF-Token`. Runs after the session
 * is loaded and before any body is read.
 */
export function refuseCrossSiteWrites(options: CrossSiteOptions) {
  const allowed = new Set(options.allowedOrigins);
  const filePaths = new Set(options.filePaths);
  return async (ctx: AppContext, next: Next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const origin = ctx.get('origin');
    const fetchSite = ctx.get('sec-fetch-site');
    // Our own origin as the client sees it (the gateway forwards Host and the scheme); Koa 3's `ctx.origin`
    // is the request's Origin header, not ours.
    const own = `${ctx.protocol}://${ctx.host}`;
    const trusted = origin !== '' && (origin === own || allowed.has(origin));
    if (origin && !trusted) throw new HttpError(403, CROSS_SITE_REFUSED, 'CROSS_SITE_REFUSED');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none' && !trusted) {
      throw new HttpError(403, CROSS_SITE_REFUSED, 'CROSS_SITE_REFUSED');
    }
    if (hasBody(ctx)) {
      const json = ctx.is('application/json', 'application/*+json') !== false;
      const filePath = filePaths.has(ctx.path.replace(/\/+$/, ''));
      if (!json && !filePath) throw new HttpError(415, JSON_ONLY, 'UNSUPPORTED_MEDIA_TYPE');
      if (!json && ctx.is('application/x-www-form-urlencoded')) {
        throw new HttpError(
          415,
          'Send the file as multipart/form-data or as the body itself.',
          'UNSUPPORTED_MEDIA_TYPE',
        );
      }
      const formLike = !ctx.get('content-type') || ctx.is(...FORM_TYPES) !== false;
      // Signed out, the route answers 401 itself; the token guards a session's cookie.
      if (!json && formLike && ctx.state.user && ctx.state.sessionToken) {
        if (!sameToken(ctx.get(CSRF_HEADER), csrfToken(ctx.state.sessionToken))) {
          throw new HttpError(403, CSRF_REFUSED, 'CSRF_TOKEN_MISSING');
        }
      }
    }
    await next();
  };
}
