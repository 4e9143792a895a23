import { randomUUID } from 'node:crypto';
import { pushStream } from '@ot/contracts/push/push-events.ts';
import { createAlarm } from '@ot/infra/alarm.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type { PushTransport } from '@ot/infra/push/push-transport.ts';
import type pg from 'pg';
import type { Studio } from '../compose-email.ts';
import { releaseLeftovers } from '../work-list.ts';
import { deliverPush } from './deliver-push.ts';
import { createPushDeliveries } from './push-deliveries.ts';

export interface PushSenderOptions {
  pool: pg.Pool;
  store: EventStore;
  transport: PushTransport;
  logger: Logger;
  studio: Studio;
  retryBaseMs: number;
  pollMs: number;
  clock: () => Date;
  random: () => number;
  isStopping: () => boolean;
}

/**
 * The notifier's push side: sends push.deliveries one at a time, as the email side sends emails, on a
 * loop of its own so a slow email never holds a push back.
 */
export function createPushSender(options: PushSenderOptions) {
  const { store, logger, clock, pollMs } = options;
  const deliveries = createPushDeliveries(options.pool);
  const wake = createAlarm();
  const counters = { sent: 0, failedAttempts: 0, unknownOutcomes: 0 };
  const deps = { ...options, deliveries, newId: randomUUID };
  let delivering: Promise<unknown> = Promise.resolve();

  return {
    poke: () => wake.poke(),

    /** After taking over: what a crash left going out is sent again (a push twice is better than none). */
    async recover(): Promise<void> {
      await delivering;
      await releaseLeftovers(
        store,
        deliveries,
        (row) => ({ id: row.pushId, stream: pushStream(row.pushId) }),
        (row) => {
          counters.unknownOutcomes += 1;
          logger.warn(
            { pushId: row.pushId, orderNumber: row.orderNumber },
            'a push outcome was lost: sending it again',
          );
        },
      );
    },

    /** One turn of the loop: send what is due, else wait for a poke or the next due time. */
    async step(sending: () => boolean): Promise<void> {
      const due = sending() ? await deliveries.nextDue(clock()) : null;
      if (due) {
        const attempt = deliverPush(deps, due);
        delivering = attempt.catch(() => {});
        const outcome = await attempt;
        if (outcome?.type === 'PushSent') counters.sent += 1;
        if (outcome?.type === 'PushDeliveryFailed') counters.failedAttempts += 1;
        return;
      }
      const next = sending() ? await deliveries.nextDueAt() : null;
      await wake.wait(Math.min(pollMs, next ? next.getTime() - clock().getTime() : pollMs));
    },

    async metrics() {
      return { sinceStart: { ...counters }, totals: await deliveries.counts() };
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
