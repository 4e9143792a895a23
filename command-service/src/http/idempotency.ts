import { createHash } from 'node:crypto';
import { HttpError } from '@ot/infra/http/errors.ts';
import type { AppContext } from '@ot/infra/http/session.ts';
import type { IdempotencyStore, StoredAnswer } from '@ot/infra/idempotency/idempotency-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type { Next } from 'koa';
import { idempotencyKey } from './command-context.ts';

export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

/** The headers of a first answer that a replay repeats. */
const REPLAYED_HEADERS = ['content-type', 'etag', 'x-event-position', 'access-control-expose-headers', 'location'];
const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 30_000;

/** JSON with its keys sorted, so the same body sent with its keys in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * What makes two requests "the same": method, path and JSON body. A file upload is known by its media
 * type only: a multipart body differs byte for byte each time it is built (its boundary is random).
 */
export function requestFingerprint(
  method: string,
  path: string,
  body: { json: unknown } | { mediaType: string },
): string {
  const text = 'json' in body ? canonical(body.json) : body.mediaType;
  return createHash('sha256').update(`${method} ${path}\n${text}`).digest('hex');
}

const fingerprint = (ctx: AppContext): string =>
  requestFingerprint(
    ctx.method,
    ctx.path,
    ctx.is('application/json') ? { json: ctx.request.body } : { mediaType: ctx.request.type },
  );

function replay(ctx: AppContext, answer: StoredAnswer): void {
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.set('Idempotent-Replayed', 'true');
  ctx.status = answer.status;
  ctx.body = answer.body;
}

const storable = (ctx: AppContext): StoredAnswer | null => {
  if (ctx.status < 200 || ctx.status >= 300) return null;
  const body = ctx.body;
  if (body !== null && body !== undefined && typeof body === 'object' && !Array.isArray(body)) {
    if (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return null;
  }
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = ctx.response.get(name);
    if (value) headers[name] = String(value);
  }
  return {
    status: ctx.status,
    headers,
    body: body === undefined || body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body),
  };
};

/**
 * `Idempotency-Key` on a write by a signed-in user: the same key with the same request answers the
 * first answer again (status, body, ETag, x-event-position) and runs nothing; with another request it
 * is a 422. A request whose twin is still running waits for its answer. Only successful answers are
 * kept: a failed request may be retried and run again (commands are safe to retry on their own).
 */
export function idempotentWrites(store: IdempotencyStore, logger: Logger) {
  return async (ctx: AppContext, next: Next) => {
    const user = ctx.state.user;
    if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'OPTIONS' || !user) return next();
    const key = idempotencyKey(ctx);
    if (key === undefined) return next();
    const scope = { userId: user.id, key };
    const print = fingerprint(ctx);

    for (let waited = 0; ; waited += WAIT_STEP_MS) {
      const claim = await store.claim(scope, print);
      if (claim.kind === 'mismatch') {
        throw new HttpError(422, IDEMPOTENCY_KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
      }
      if (claim.kind === 'replay') return replay(ctx, claim.answer);
      if (claim.kind === 'claimed') break;
      if (waited >= WAIT_LIMIT_MS) {
        ctx.set('Retry-After', '1');
        throw new HttpError(
          503,
          'A request with this Idempotency-Key is still running. Try again shortly.',
          'IDEMPOTENCY_KEY_IN_USE',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }

    try {
      await next();
    } catch (error) {
      await store.release(scope).catch(() => {});
      throw error;
    }
    // The command has committed: failing to keep its answer must not turn it into an error (a retry
    // then runs the command again, which recognises its own events).
    const answer = storable(ctx);
    await (answer ? store.complete(scope, answer) : store.release(scope)).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not keep the answer of an idempotent request'),
    );
  };
}
