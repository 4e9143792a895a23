import { emailStream, emailTypes } from '@ot/contracts/email/email-fields.ts';
import { orderStream, parseOrderEvent, type RecordedOrderEvent } from '@ot/contracts/orders/order-events.ts';
import { foldOrder } from '@ot/contracts/orders/order-state.ts';
import type { LoginCodes } from '@ot/infra/auth/login-codes.ts';
import type { EmailTransport } from '@ot/infra/email/email-transport.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import {
  composeLoginCodeEmail,
  composeOrderEmail,
  composeTestEmail,
  type EmailContent,
  type Studio,
} from './compose-email.ts';
import type { Deliveries, Delivery } from './deliveries.ts';
import { type DeliveryOutcome, decideOutcome, rateLimitWaitMs } from './delivery-policy.ts';
import { isRadarEmail, radarEmailContent } from './radar-email-content.ts';

export interface DeliverDeps {
  store: EventStore;
  deliveries: Deliveries;
  /** Where a sign-in code email gets its code (computed, never stored in an event). */
  loginCodes: Pick<LoginCodes, 'codeForNotification'>;
  transport: EmailTransport;
  logger: Logger;
  studio: Studio;
  emailFrom: string;
  retryBaseMs: number;
  clock: () => Date;
  random: () => number;
  newId: () => string;
  isStopping: () => boolean;
  /** SendGrid said the account is rate limited until then: no email goes out before (it would only burn an attempt). */
  holdSendsUntil: (until: Date) => void;
}

const notifierActor = { kind: 'system', id: 'notifier', name: 'notifier' } as const;

/** What the email says: the order as it stood after the change that asked for it (a resend: its original's). */
async function contentFor(deps: DeliverDeps, delivery: Delivery): Promise<EmailContent | { error: string }> {
  const subject = delivery.subject ?? undefined;
  if (delivery.emailType === emailTypes.loginCode) {
    const found = await deps.loginCodes.codeForNotification(delivery.notificationId);
    // Sending a code that no longer works would only confuse: it fails for good instead.
    if (!found) return { error: 'The sign-in code expired or was used before it could be sent' };
    const minutesLeft = Math.floor((found.expiresAt.getTime() - deps.clock().getTime()) / 60_000);
    return composeLoginCodeEmail(deps.studio, found.code, minutesLeft, subject);
  }
  if (isRadarEmail(delivery.emailType)) return radarEmailContent(deps, delivery);
  if (!delivery.orderNumber) return composeTestEmail(deps.studio, subject);
  if (
    delivery.emailType === emailTypes.orderUpdate &&
    (await deps.deliveries.pushedInstead(delivery.notificationId, delivery.recipientEmail))
  ) {
    return { error: 'Not emailed: the customer chose push notifications only, and this update went to their devices' };
  }
  const recorded = await deps.store.readStream(
    orderStream(delivery.orderNumber),
    delivery.contentVersion ? { toVersion: delivery.contentVersion } : {},
  );
  const order = foldOrder(recorded.map(parseOrderEvent).filter((event): event is RecordedOrderEvent => event !== null));
  if (!order) return { error: `Order ${delivery.orderNumber} does not exist` };
  return composeOrderEmail(order, deps.studio, subject);
}

/** What recording an outcome needs: the store, and what the notifier knows of itself. */
export type RecordDeps = Pick<DeliverDeps, 'store' | 'clock' | 'isStopping' | 'logger'>;

/**
 * Record an outcome under the attempt's own id in the message's own stream (an email's, a push's):
 * appending it again after a hiccup changes nothing.
 */
export async function recordOutcome(
  deps: RecordDeps,
  stream: string,
  cause: { correlationId: string; requestEventId: string },
  attemptId: string,
  outcome: { type: string; data: Record<string, unknown> },
) {
  const event = {
    id: attemptId,
    type: outcome.type,
    data: outcome.data,
    metadata: {
      actor: notifierActor,
      occurredAt: deps.clock().toISOString(),
      commandId: attemptId,
      correlationId: cause.correlationId,
      causationId: cause.requestEventId,
    },
  };
  for (let tries = 1; ; tries++) {
    try {
      await deps.store.append(stream, [event], { expectedVersion: 'any' });
      return;
    } catch (error) {
      // Giving up leaves the marker: the next active notifier treats the outcome as unknown.
      if (deps.isStopping() && tries >= 3) throw error;
      deps.logger.error({ err: error, stream }, 'could not record an outcome; retrying');
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 250 * 2 ** tries)));
    }
  }
}

/** One attempt at one email: mark it going out, send, record what happened. */
export async function deliver(deps: DeliverDeps, due: Delivery): Promise<DeliveryOutcome | null> {
  const content = await contentFor(deps, due);
  const attemptId = deps.newId();
  const delivery = await deps.deliveries.markSending(due.notificationId, attemptId);
  if (!delivery) return null;
  const log = { notificationId: delivery.notificationId, orderNumber: delivery.orderNumber, attempt: delivery.attempt };

  let outcome: DeliveryOutcome;
  if ('error' in content) {
    outcome = {
      type: 'EmailDeliveryFailed',
      data: {
        notificationId: delivery.notificationId,
        attempt: delivery.attempt,
        error: content.error,
        nextAttemptAt: null,
      },
    };
  } else {
    const result = await deps.transport.send({
      notificationId: delivery.notificationId,
      to: delivery.recipientEmail,
      from: { email: deps.emailFrom, name: deps.studio.name },
      ...content,
    });
    if (!result.ok && result.failure.kind === 'http' && result.failure.status === 429) {
      const wait = rateLimitWaitMs(result.failure.headers, deps.clock());
      if (wait) deps.holdSendsUntil(new Date(deps.clock().getTime() + wait));
    }
    outcome = decideOutcome(
      {
        notificationId: delivery.notificationId,
        attempt: delivery.attempt,
        subject: content.subject,
        possibleDuplicate: delivery.unknownOutcomes > 0,
        now: deps.clock(),
        retryBaseMs: deps.retryBaseMs,
        random: deps.random,
      },
      result,
    );
  }
  await recordOutcome(deps, emailStream(delivery.notificationId), delivery, attemptId, outcome);

  if (outcome.type === 'EmailSent') deps.logger.info(log, 'email sent');
  else if (outcome.data.nextAttemptAt) {
    deps.logger.warn(
      { ...log, error: outcome.data.error, nextAttemptAt: outcome.data.nextAttemptAt },
      'email attempt failed',
    );
  } else deps.logger.error({ ...log, error: outcome.data.error }, 'email failed; not retrying');
  return outcome;
}
