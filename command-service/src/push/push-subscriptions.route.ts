import { createECDH } from 'node:crypto';
import {
  notificationPreferencesSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@ot/contracts/push/push-views.ts';
import { badRequest, parse } from '@ot/infra/http/errors.ts';
import {
  pushRoles,
  readsEveryOrder,
  requireAnyRole,
  requireAnyRoleOf,
  requireRole,
  requireRoleOf,
} from '@ot/infra/http/policy.ts';
import { attentionSettingsOf, readAttention } from '@ot/infra/insights/read-attention.ts';
import { createAttentionLooks } from '@ot/infra/push/attention-looks.ts';
import { isAllowedPushEndpoint, parsePushServiceOrigins } from '@ot/infra/push/push-origins.ts';
import { createPushSubscriptions } from '@ot/infra/push/push-subscriptions.ts';
import type { CommandRouter, CommandServiceDeps } from '../deps.ts';
import { jsonBody } from '../http/json-body.ts';

export const PUSH_SERVICE_REFUSED =
  "This push endpoint is not a browser's push service: push messages go only to Google, Mozilla, Apple or Microsoft push services (or those the studio lists).";

/** Whether a push key is one messages can be encrypted for: its ECDH with any key must work. */
function isCurvePoint(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.alloc(32, 1));
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * A customer's or a staff member's devices subscribe to and unsubscribe from push messages. The endpoint is
 * where the server will later send, so only the browsers' push services and the operator's
 * PUSH_SERVICE_ORIGINS are taken. A staff device starts having seen the attention list as it is now: only
 * what enters it later is news to that device.
 */
export function pushSubscriptionsRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  const subscriptions = createPushSubscriptions(deps.pool);
  const looks = createAttentionLooks(deps.pool);
  const allowed = parsePushServiceOrigins(deps.config.PUSH_SERVICE_ORIGINS);

  router.post('/api/push/subscriptions', requireAnyRole(...pushRoles), jsonBody, async (ctx) => {
    const user = requireAnyRoleOf(ctx, pushRoles);
    const subscription = parse(pushSubscriptionSchema, ctx.request.body);
    if (!isAllowedPushEndpoint(allowed, subscription.endpoint)) throw badRequest(PUSH_SERVICE_REFUSED);
    if (!isCurvePoint(subscription.keys.p256dh)) throw badRequest('keys.p256dh is not a point on the P-256 curve');
    const subscriptionId = await subscriptions.save(user.id, subscription);
    if (readsEveryOrder(user)) {
      const { items } = await readAttention(deps.pool, deps.clock(), attentionSettingsOf(deps.config), {});
      await looks.start(
        subscriptionId,
        items.map(({ itemId, flag }) => ({ itemId, flag })),
      );
    }
    ctx.status = 201;
    ctx.body = { subscribed: true };
  });

  router.delete('/api/push/subscriptions', requireAnyRole(...pushRoles), jsonBody, async (ctx) => {
    const user = requireAnyRoleOf(ctx, pushRoles);
    const { endpoint } = parse(pushUnsubscribeSchema, ctx.request.body);
    await subscriptions.remove(user.id, endpoint);
    ctx.body = { success: true };
  });

  router.put('/api/push/preferences', requireRole('customer'), jsonBody, async (ctx) => {
    const user = requireRoleOf(ctx, 'customer');
    const preferences = parse(notificationPreferencesSchema, ctx.request.body);
    await subscriptions.setPreferences(user.id, preferences);
    ctx.body = preferences;
  });
}
