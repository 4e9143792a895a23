import type { NotificationPreferences, PushSubscriptionRequest } from '@ot/contracts/push/push-views.ts';
import type pg from 'pg';

/** Devices kept per customer: subscribing one more forgets the oldest (each push is a request per device). */
export const MAX_DEVICES_PER_USER = 20;

/**
 * Customers' and staff's push subscriptions and customers' choice of channels, all keyed by user id: what
 * one customer's erasure deletes (`forgetUser`).
 */
export function createPushSubscriptions(pool: pg.Pool) {
  return {
    /** A device subscribes; an endpoint is one browser profile, so it now belongs to this user alone. Its id. */
    async save(userId: string, subscription: PushSubscriptionRequest): Promise<string> {
      const expires = subscription.expirationTime ? new Date(subscription.expirationTime) : null;
      const { rows } = await pool.query<{ id: string }>(
        `insert into push.subscriptions (user_id, endpoint, p256dh, auth, expiration_time)
         values ($1, $2, $3, $4, $5)
         on conflict (endpoint) do update
           set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
               expiration_time = excluded.expiration_time
         returning id`,
        [userId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, expires],
      );
      await pool.query(
        `delete from push.subscriptions where user_id = $1 and id not in
           (select id from push.subscriptions where user_id = $1 order by created_at desc, id limit $2)`,
        [userId, MAX_DEVICES_PER_USER],
      );
      return rows[0]?.id ?? '';
    },

    /** A device unsubscribes (turned off, or signed out): only the user's own subscription goes. */
    async remove(userId: string, endpoint: string): Promise<boolean> {
      const { rowCount } = await pool.query('delete from push.subscriptions where user_id = $1 and endpoint = $2', [
        userId,
        endpoint,
      ]);
      return rowCount === 1;
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      const { rows } = await pool.query<NotificationPreferences>(
        'select channels from push.preferences where user_id = $1',
        [userId],
      );
      return rows[0] ?? { channels: 'both' };
    },

    async setPreferences(userId: string, preferences: NotificationPreferences): Promise<void> {
      await pool.query(
        `insert into push.preferences (user_id, channels) values ($1, $2)
         on conflict (user_id) do update set channels = excluded.channels, updated_at = now()`,
        [userId, preferences.channels],
      );
    },

    /** Everything push keeps about a user: for erasing a customer. */
    async forgetUser(userId: string): Promise<void> {
      await pool.query('delete from push.subscriptions where user_id = $1', [userId]);
      await pool.query('delete from push.preferences where user_id = $1', [userId]);
    },
  };
}

export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;
