import { createECDH } from 'node:crypto';
import {
  notificationPreferencesSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@ot/contracts/push/push-views.ts';
import { badRequest, parse } from '@ot/infra/http/errors.ts';
import { requireRole, requireRoleOf } from '@ot/infra/http/policy.ts';
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
 * A customer's devices subscribe to and unsubscribe from push messages. The endpoint is where the server
 * will later send, so only the browsers' push services and the operator's PUSH_SERVICE_ORIGINS are taken.
 */
export function pushSubscriptionsRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  const subscriptions = createPushSubscriptions(deps.pool);
  const allowed = parsePushServiceOrigins(deps.config.PUSH_SERVICE_ORIGINS);

  router.post('/api/push/subscriptions', requireRole('customer'), jsonBody, async (ctx) => {
    const user = requireRoleOf(ctx, 'customer');
    const subscription = parse(pushSubscriptionSchema, ctx.request.body);
    if (!isAllowedPushEndpoint(allowed, subscription.endpoint)) throw badRequest(PUSH_SERVICE_REFUSED);
    if (!isCurvePoint(subscription.keys.p256dh)) throw badRequest('keys.p256dh is not a point on the P-256 curve');
    await subscriptions.save(user.id, subscription);
    ctx.status = 201;
    ctx.body = { subscribed: true };
  });

  router.delete('/api/push/subscriptions', requireRole('customer'), jsonBody, async (ctx) => {
    const user = requireRoleOf(ctx, 'customer');
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
