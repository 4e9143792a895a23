import type { Context, Next } from 'koa';
import { badRequest } from './errors.ts';

export const UNSTORABLE_TEXT =
  'The request contains characters that cannot be stored (a NUL character or broken Unicode).';

/** Postgres text and jsonb reject NUL, and jsonb rejects lone UTF-16 surrogates: both would otherwise end as a 500. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // the router leaves a malformed escape as it is, and so do we
  }
}

/** Every string and key in a parsed JSON body, without recursion (a deeply nested body must not overflow the stack). */
export function allStorable(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!storable(value)) return false;
    } else if (Array.isArray(value)) {
      for (const child of value) pending.push(child);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (!storable(key)) return false;
        pending.push(child);
      }
    }
  }
  return true;
}

/** Reject, with a 400, any path, query or JSON body text that the database could not store. */
export async function rejectUnstorableInput(ctx: Context, next: Next): Promise<void> {
  const body = (ctx.request as { body?: unknown }).body;
  if (!storable(decoded(ctx.path)) || !allStorable(ctx.query) || !allStorable(body)) {
    throw badRequest(UNSTORABLE_TEXT);
  }
  await next();
}
