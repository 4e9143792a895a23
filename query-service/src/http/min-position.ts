import type { AppContext } from '@ot/infra/http/session.ts';
import type { Next } from 'koa';
import type { QueryServiceDeps } from '../deps.ts';

const WAIT_LIMIT_MS = 2000;
const IMPLICIT_WAIT_LIMIT_MS = 1000;
const HEAD_MARGIN = 10_000;

/**
 * Read-your-writes: with `x-min-position: N` (from a write's `x-event-position`), wait (bounded)
 * until the projector has applied event N before answering. We also wait until it has applied
 * everything committed before the request arrived, so a client that knows nothing of positions (a
 * script, a second tab), or whose position is older than other people's writes, still reads what was
 * written before it asked. Past the bound we answer anyway and say so in `x-min-position-reached: false`.
 */
export function honourMinPosition(deps: Pick<QueryServiceDeps, 'pool' | 'store'>) {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.state.user) return next(); // nothing to read without a session
    const header = ctx.get('x-min-position');
    const asked = /^\d{1,15}$/.test(header) ? Number(header) : 0;
    const known = await deps.store.headPosition?.();
    const head = known ?? 0;
    // A position far beyond the log's head was never written: waiting for it would only hold the request.
    // (The head is the last event in commit order; concurrent appends can leave a real position a little
    // above it, hence the margin.)
    const beyond = known !== undefined && asked > known + HEAD_MARGIN;
    const explicit = beyond ? 0 : asked;
    if (beyond) ctx.set('x-min-position-reached', 'false');
    const targets = [explicit, head].filter((position) => position > 0);
    if (targets.length > 0) {
      const deadline = Date.now() + (explicit > 0 ? WAIT_LIMIT_MS : IMPLICIT_WAIT_LIMIT_MS);
      let reached = false;
      for (;;) {
        const { rows } = await deps.pool.query<{ tx: string; position: string }>(
          `select tx, position from rm.checkpoints where name = 'projector'`,
        );
        const row = rows[0];
        const checkpoint = row ? { tx: Number(row.tx), position: Number(row.position) } : null;
        reached = checkpoint !== null;
        for (const position of targets) {
          if (reached && checkpoint) reached = await deps.store.hasPassed(checkpoint, position);
        }
        if (reached || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      ctx.set('x-min-position-reached', String(reached && !beyond));
    }
    await next();
  };
}
