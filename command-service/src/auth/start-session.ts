import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import type { AppContext } from '@ot/infra/http/session.ts';
import type { CommandServiceDeps } from '../deps.ts';

/** A new session id at every login (the old one, if any, ends): no session fixation. */
export async function startSession(ctx: AppContext, deps: CommandServiceDeps, user: SessionUser): Promise<void> {
  if (ctx.state.sessionToken) await deps.sessions.destroy(ctx.state.sessionToken);
  ctx.state.sessionToken = await deps.sessions.create(user.id, user.role !== 'customer');
  ctx.state.user = user;
}
