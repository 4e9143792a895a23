import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import type { Context, Next } from 'koa';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions.ts';
import { forbidden, unauthorized } from './errors.ts';

export interface AppState {
  user: SessionUser | null;
  sessionToken: string | null;
}

export type AppContext = Context & { state: AppState };

/**
 * Loads the signed-in user (if any) from the session cookie into `ctx.state.user`. The expiry is idle
 * time, so when the server slides the session forward the cookie's Max-Age slides with it (else an
 * admin busy all day would be signed out 12 hours after signing in).
 */
export function loadSession(sessions: SessionStore) {
  return async (ctx: AppContext, next: Next) => {
    const token = ctx.cookies.get(SESSION_COOKIE) ?? null;
    ctx.state.sessionToken = token;
    const session = token ? await sessions.resume(token) : null;
    ctx.state.user = session?.user ?? null;
    if (token && session?.renewed) setSessionCookie(ctx, token, session.idleSeconds);
    await next();
  };
}

export function requireUser(ctx: AppContext): SessionUser {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}

export function requireAdmin(ctx: AppContext): SessionUser {
  const user = requireUser(ctx);
  if (!user.isAdmin) throw forbidden();
  return user;
}

/** Koa middleware form of the guards, for whole routers. */
export const adminOnly = async (ctx: AppContext, next: Next) => {
  requireAdmin(ctx);
  await next();
};

export function setSessionCookie(ctx: Context, token: string, maxAgeSeconds: number): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: maxAgeSeconds * 1000,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: 0,
    overwrite: true,
  });
}
