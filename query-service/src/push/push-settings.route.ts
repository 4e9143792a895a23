import { HttpError } from '@ot/infra/http/errors.ts';
import { requireRole, requireRoleOf } from '@ot/infra/http/policy.ts';
import { createPushSubscriptions } from '@ot/infra/push/push-subscriptions.ts';
import { readVapidPublicKey } from '@ot/infra/push/vapid.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';

/** What a customer's device needs to subscribe (the studio's VAPID public key) and their choice of channels. */
export function pushSettingsRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  const subscriptions = createPushSubscriptions(deps.pool);

  router.get('/api/push/vapid-public-key', requireRole('customer'), async (ctx) => {
    const publicKey = await readVapidPublicKey(deps.pool, deps.config);
    // The notifier makes the pair at its first start; until then there is nothing to subscribe with.
    if (!publicKey) {
      throw new HttpError(503, 'Push is being set up; try again in a moment.', 'SERVICE_UNAVAILABLE', {
        retryAfter: 2,
      });
    }
    ctx.body = { publicKey };
  });

  router.get('/api/push/preferences', requireRole('customer'), async (ctx) => {
    const user = requireRoleOf(ctx, 'customer');
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = await subscriptions.preferences(user.id);
  });
}
