import { requireUser } from '@ot/infra/http/session.ts';
import type { QueryRouter } from '../../deps.ts';

export function meRoute(router: QueryRouter): void {
  router.get('/api/auth/me', (ctx) => {
    ctx.body = { user: requireUser(ctx) };
  });
}
