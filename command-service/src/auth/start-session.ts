import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import { type AppContext, setSessionCookie } from '@ot/infra/http/session.ts';
import type { CommandServiceDeps } from '../deps.ts';

/** A new session id at every login (the old one, if any, ends): no session fixation. Sets its cookie. */
export async function startSession(ctx: AppContext, deps: CommandServiceDeps, user: SessionUser): Promise<void> {
  if (ctx.state.sessionToken) await deps.sessions.destroy(ctx.state.sessionToken);
  const { token, maxAgeSeconds } = await deps.sessions.create(user.id, user.role !== 'customer');
  ctx.state.sessionToken = token;
  ctx.state.user = user;
  setSessionCookie(ctx, token, maxAgeSeconds);
}
