import { type Checkpoint, reaches } from '@ot/infra/event-store/event-store.ts';
import { requireUser } from '@ot/infra/http/session.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { keptAnswers } from '../../http/kept.ts';
import { getOrderFor, orderViewKey } from './get-order.ts';

/** Order views kept in memory at most (the least recently used is forgotten first). */
const KEPT_VIEWS = 5_000;

export function getOrderRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  // The answer as sent, with the checkpoint whose read models it was read from: it serves a request whose
  // `readsAt` (min-position.ts) that checkpoint reaches, i.e. while the projector has applied nothing since
  // that the request must see, from the same live tables. A change of the auth tables forgets them all (the
  // view names its customer's user). Only where the change signal reads the database the read models are read from:
  // beside a streaming replica, the replica's tables may be older than the ones the signal names.
  const kept =
    deps.changes && deps.changes.pool === deps.pool
      ? keptAnswers<{ readAt: Checkpoint; body: string; etag: string }>(deps.changes, KEPT_VIEWS)
      : null;
  router.get('/api/orders/:orderNumber', async (ctx) => {
    const user = requireUser(ctx);
    const orderNumber = ctx.params.orderNumber ?? '';
    const today = deps.clock().toISOString();
    const at = ctx.state.readsAt;
    // Tables swapped in by a rebuild are other tables: nothing kept from the old ones serves.
    const key = kept && at ? `${at.tables}\n${orderViewKey(user, orderNumber, today)}` : null;
    const hit = key ? kept?.get(key) : undefined;
    if (hit && at && reaches(hit.readAt, at.checkpoint)) {
      ctx.set('ETag', hit.etag);
      ctx.type = 'application/json';
      ctx.body = hit.body;
      return;
    }
    const readUnder = deps.changes?.generation() ?? 0;
    const order = await getOrderFor(deps, user, orderNumber, today);
    const etag = `"${order.version}"`;
    ctx.set('ETag', etag);
    if (!key || !at) {
      ctx.body = order;
      return;
    }
    const body = JSON.stringify(order);
    kept?.keep(key, { readAt: at.checkpoint, body, etag }, Number.POSITIVE_INFINITY, readUnder);
    ctx.type = 'application/json';
    ctx.body = body;
  });
}
