import { orderStream, parseOrderEvent, type RecordedOrderEvent } from '@ot/contracts/orders/order-events.ts';
import { type PushOutcome, pushStream } from '@ot/contracts/push/push-events.ts';
import type { PushTransport } from '@ot/infra/push/push-transport.ts';
import type { Studio } from '../compose-email.ts';
import { type RecordDeps, recordOutcome } from '../deliver.ts';
import { nextAttemptAt } from '../delivery-policy.ts';
import { composeAttentionPush } from './attention-push.ts';
import { composeOrderPush, type PushPayload } from './compose-push.ts';
import type { PushDeliveries, PushDelivery } from './push-deliveries.ts';

/** A push service keeps an update for a device that is off this long; after that it is old news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushDeps extends RecordDeps {
  deliveries: PushDeliveries;
  transport: PushTransport;
  studio: Studio;
  retryBaseMs: number;
  random: () => number;
  newId: () => string;
}

/** What the push says: the order as it stood after the change that asked for it, or what entered the attention list. */
async function contentFor(deps: PushDeps, delivery: PushDelivery): Promise<PushPayload | null> {
  if (delivery.attention) return composeAttentionPush(delivery.attention, deps.studio);
  if (!delivery.orderNumber) return null;
  const recorded = await deps.store.readStream(orderStream(delivery.orderNumber), {
    ...(delivery.contentVersion ? { toVersion: delivery.contentVersion } : {}),
  });
  return composeOrderPush(
    recorded.map(parseOrderEvent).filter((event): event is RecordedOrderEvent => event !== null),
    deps.studio,
  );
}

/** The push service says this subscription no longer exists (RFC 8030: 404 or 410). */
const isGone = (status: number) => status === 404 || status === 410;

/** One attempt at one push: mark it going out, send, record what happened. */
export async function deliverPush(deps: PushDeps, due: PushDelivery): Promise<PushOutcome | null> {
  const target = await deps.deliveries.target(due.subscriptionId);
  const content = target ? await contentFor(deps, due) : null;
  const attemptId = deps.newId();
  const delivery = await deps.deliveries.markSending(due.pushId, attemptId);
  if (!delivery) return null;
  const base = {
    pushId: delivery.pushId,
    notificationId: delivery.notificationId,
    ...(delivery.orderNumber ? { orderNumber: delivery.orderNumber } : {}),
    attempt: delivery.attempt,
    pushService: target ? new URL(target.endpoint).origin : 'none',
  };
  const failed = (error: string, next: string | null = null, subscriptionRemoved = false): PushOutcome => ({
    type: 'PushDeliveryFailed',
    data: { ...base, error, nextAttemptAt: next, subscriptionRemoved },
  });

  let outcome: PushOutcome;
  if (!target) outcome = failed('The device had unsubscribed before this could be sent.');
  else if (!content) {
    outcome = failed(delivery.orderNumber ? `Order ${delivery.orderNumber} does not exist.` : 'Nothing to say.');
  } else {
    const result = await deps.transport.send(target, {
      payload: JSON.stringify(content),
      ttlSeconds: PUSH_TTL_SECONDS,
      urgency: 'normal',
    });
    if (result.ok) {
      outcome = {
        type: 'PushSent',
        data: {
          ...base,
          title: content.notification.title,
          ...(delivery.unknownOutcomes > 0 ? { possibleDuplicate: true } : {}),
        },
      };
    } else {
      const { failure } = result;
      const gone = failure.kind === 'http' && isGone(failure.status);
      // At once, before the next push is picked: a message waiting for the same device finds it gone.
      if (gone) await deps.deliveries.removeSubscription(delivery.subscriptionId);
      const next = nextAttemptAt(
        { attempt: delivery.attempt, now: deps.clock(), retryBaseMs: deps.retryBaseMs, random: deps.random },
        failure,
      );
      outcome = failed(failure.message, next, gone);
    }
  }
  await recordOutcome(deps, pushStream(delivery.pushId), delivery, attemptId, outcome);

  const log = { pushId: delivery.pushId, orderNumber: delivery.orderNumber, attempt: delivery.attempt };
  if (outcome.type === 'PushSent') deps.logger.info(log, 'push sent');
  else if (outcome.data.nextAttemptAt) deps.logger.warn({ ...log, error: outcome.data.error }, 'push attempt failed');
  else deps.logger.warn({ ...log, error: outcome.data.error }, 'push failed; not retrying');
  return outcome;
}
