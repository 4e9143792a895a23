import type { Role } from '@ot/contracts/auth/auth-schemas.ts';
import type { AttentionFlag } from '@ot/contracts/insights/attention.ts';
import type pg from 'pg';

/** What a staff device last saw of the attention list, and how many looks changed it. */
export interface AttentionLook {
  subscriptionId: string;
  seen: { itemId: string; flag: AttentionFlag }[];
  look: number;
}

/** push.attention_looks: per staff device, the (item, flag) pairs of the attention list it has seen. */
export function createAttentionLooks(pool: pg.Pool) {
  return {
    /** A device subscribes: what is listed now is not new to it. */
    async start(subscriptionId: string, seen: AttentionLook['seen']): Promise<void> {
      await pool.query(
        `insert into push.attention_looks (subscription_id, seen) values ($1, $2::jsonb)
         on conflict (subscription_id) do update set seen = excluded.seen, look = push.attention_looks.look + 1,
           updated_at = now()`,
        [subscriptionId, JSON.stringify(seen)],
      );
    },

    /** The looks of the devices whose users have one of `roles` now (a moved endpoint is not looked for). */
    async ofRoles(roles: readonly Role[]): Promise<AttentionLook[]> {
      const { rows } = await pool.query<AttentionLook>(
        `select l.subscription_id as "subscriptionId", l.seen, l.look
           from push.attention_looks l
           join push.subscriptions s on s.id = l.subscription_id
           join auth.users u on u.id = s.user_id
          where u.role = any($1::text[])
          order by l.subscription_id`,
        [roles],
      );
      return rows;
    },

    /** This look's pairs, unless another look (another notifier) moved the device on first. */
    async advance(look: AttentionLook, seen: AttentionLook['seen']): Promise<boolean> {
      const { rowCount } = await pool.query(
        `update push.attention_looks set seen = $3::jsonb, look = look + 1, updated_at = now()
          where subscription_id = $1 and look = $2`,
        [look.subscriptionId, look.look, JSON.stringify(seen)],
      );
      return rowCount === 1;
    },
  };
}

export type AttentionLooks = ReturnType<typeof createAttentionLooks>;
