import { unauthorized } from '@ot/infra/http/errors.ts';
import { clearSessionCookie } from '@ot/infra/http/session.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';

/**
 * Logout ends the server-side session row, not just the cookie. Without a live session it is a 401
 * like every other endpoint but login; a stale cookie is still cleared.
 */
export function logoutRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/auth/logout', async (ctx) => {
    const signedIn = ctx.state.user !== null;
    if (ctx.state.sessionToken) await deps.sessions.destroy(ctx.state.sessionToken);
    clearSessionCookie(ctx);
    if (!signedIn) throw unauthorized();
    ctx.state.user = null;
    ctx.body = { success: true };
  });
}
