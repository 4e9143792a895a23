import { HttpError } from '@ot/infra/http/errors.ts';
import { pushRoles, requireAnyRole, requireRole, requireRoleOf } from '@ot/infra/http/policy.ts';
import { createPushSubscriptions } from '@ot/infra/push/push-subscriptions.ts';
import { loadVapidKeys, readVapidPublicKey } from '@ot/infra/push/vapid.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';

/**
 * What a customer's or a staff member's device needs to subscribe (the studio's VAPID public key), and a
 * customer's choice of channels.
 */
export function pushSettingsRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  const subscriptions = createPushSubscriptions(deps.pool);

  router.get('/api/push/vapid-public-key', requireAnyRole(...pushRoles), async (ctx) => {
    // The notifier makes the pair at its first start; asked before that, the first asker makes it (the
    // notifier then reads the same row). Only a read-only replica that has not seen the pair yet must wait.
    const publicKey =
      (await readVapidPublicKey(deps.pool, deps.config)) ??
      (await loadVapidKeys(deps.pool, deps.config).then(
        (keys) => keys.publicKey,
        () => null,
      ));
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
