import { createHash } from 'node:crypto';
import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import type { Context, Next } from 'koa';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions.ts';
import type { Checkpoint } from '../event-store/event-store.ts';
import { unauthorized } from './errors.ts';
import { requireRole, requireRoleOf } from './policy.ts';

export interface AppState {
  user: SessionUser | null;
  sessionToken: string | null;
  /**
   * Query service: the read models as of `checkpoint` (or later) hold everything this request must see,
   * `tables` are the live read-model tables, and the auth tables were heard up to its arrival: an answer
   * kept in memory, read from those tables at that checkpoint or later, may serve it. Unset: read the database.
   */
  readsAt?: { checkpoint: Checkpoint; tables: string };
}

export type AppContext = Context & { state: AppState };

/**
 * Loads the signed-in user (if any) from the session cookie into `ctx.state.user`. The expiry is idle
 * time, so when the server slides the session forward the cookie's Max-Age slides with it (else an
 * admin busy all day would be signed out 30 minutes after signing in).
 */
export function loadSession(sessions: SessionStore) {
  return async (ctx: AppContext, next: Next) => {
    await resumeSession(ctx, sessions);
    await next();
  };
}

/** `loadSession`'s work, answering the session (null when signed out), with `also` read in its statement. */
export async function resumeSession(
  ctx: AppContext,
  sessions: SessionStore,
  also?: Parameters<SessionStore['resume']>[1],
) {
  const token = readCookie(ctx, SESSION_COOKIE);
  ctx.state.sessionToken = token;
  const session = token ? await sessions.resume(token, also) : null;
  ctx.state.user = session?.user ?? null;
  if (token && session?.renewed) setSessionCookie(ctx, token, session.maxAgeSeconds);
  return session;
}

export function requireUser(ctx: AppContext): SessionUser {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}

/** The admin role (policy.ts decides who has it). */
export const requireAdmin = (ctx: AppContext): SessionUser => requireRoleOf(ctx, 'admin');

/** Koa middleware form, for whole routers: writes are the admin's alone (an auditor gets 403). */
export const adminOnly = requireRole('admin');

/**
 * Over HTTPS a cookie is `__Host-<name>`: Secure, Path=/ and no Domain, so a sibling subdomain cannot plant
 * or overwrite it; over plain http (development, tests) it keeps its plain name. Only the name matching
 * the request's scheme is read.
 */
export const cookieName = (ctx: Context, name: string) => (ctx.secure ? `__Host-${name}` : name);

export const readCookie = (ctx: Context, name: string): string | null => ctx.cookies.get(cookieName(ctx, name)) ?? null;

export function writeCookie(
  ctx: Context,
  name: string,
  value: string,
  { maxAgeSeconds, httpOnly = true }: { maxAgeSeconds: number; httpOnly?: boolean },
): void {
  ctx.cookies.set(cookieName(ctx, name), value, {
    httpOnly,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: maxAgeSeconds * 1000,
    overwrite: true,
  });
}

export const CSRF_COOKIE = 'ot_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The double-submit token for the forms a browser may post (multipart uploads): derived from the session
 * id, which scripts cannot read, so a cookie planted by someone else never matches a session.
 */
export const csrfToken = (sessionToken: string) =>
  createHash('sha256').update(`csrf|${sessionToken}`).digest('base64url');

/** The session cookie, and beside it the CSRF cookie scripts may read (the PWA sends it back as a header). */
export function setSessionCookie(ctx: Context, token: string, maxAgeSeconds: number): void {
  writeCookie(ctx, SESSION_COOKIE, token, { maxAgeSeconds });
  writeCookie(ctx, CSRF_COOKIE, csrfToken(token), { maxAgeSeconds, httpOnly: false });
}

export function clearSessionCookie(ctx: Context): void {
  writeCookie(ctx, SESSION_COOKIE, '', { maxAgeSeconds: 0 });
  writeCookie(ctx, CSRF_COOKIE, '', { maxAgeSeconds: 0, httpOnly: false });
}
