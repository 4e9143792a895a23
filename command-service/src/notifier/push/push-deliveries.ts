import type { PushTarget } from '@ot/infra/push/push-transport.ts';
import type pg from 'pg';
import { createWorkList, type WorkItem } from '../work-list.ts';
import type { AttentionEntry } from './attention-push.ts';

/** A row of push.deliveries: one order update's message to one device, or a staff device's attention news. */
export interface PushDelivery extends WorkItem {
  pushId: string;
  notificationId: string;
  /** The order whose update this is; null for a staff device's attention push. */
  orderNumber: string | null;
  contentVersion: number | null;
  /** A staff device's push: what entered the attention list (its request's). */
  attention: { count: number; entries: AttentionEntry[] } | null;
  subscriptionId: string;
  requestEventId: string;
  correlationId: string;
}

const columns = `push_id as "pushId", notification_id as "notificationId", order_number as "orderNumber",
  content_version as "contentVersion", attention, subscription_id as "subscriptionId", request_event_id as "requestEventId",
  correlation_id as "correlationId", state, attempt, attempt_id as "attemptId", unknown_outcomes as "unknownOutcomes"`;

export function createPushDeliveries(pool: pg.Pool) {
  return {
    ...createWorkList<PushDelivery>(pool, 'push.deliveries', 'push_id', columns),

    /** Where the message goes; null once the subscription was removed (signed out, or gone at the push service). */
    async target(subscriptionId: string): Promise<PushTarget | null> {
      const { rows } = await pool.query<PushTarget>(
        `select endpoint, json_build_object('p256dh', p256dh, 'auth', auth) as keys
           from push.subscriptions where id = $1`,
        [subscriptionId],
      );
      return rows[0] ?? null;
    },

    /** The push service said the subscription is gone (404/410): nothing more goes to it. */
    async removeSubscription(subscriptionId: string): Promise<void> {
      await pool.query('delete from push.subscriptions where id = $1', [subscriptionId]);
    },
  };
}

export type PushDeliveries = ReturnType<typeof createPushDeliveries>;
