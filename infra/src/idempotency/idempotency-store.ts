import type pg from 'pg';
import { LEASE_NAMESPACE } from './process-lease.ts';

/** Keys are per user: two users may pick the same key without meeting. */
export interface IdempotencyScope {
  userId: string;
  key: string;
}

/** The first answer, as it is replayed: status, the headers that matter, the body as sent. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim =
  /** This request is the first with the key (or the first after an earlier one gave up): run it. */
  | { kind: 'claimed' }
  /** The same request already ran: answer this again. */
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used for another request. */
  | { kind: 'mismatch' }
  /** The same request is running right now (another instance, or a double click): ask again shortly. */
  | { kind: 'pending' };

export interface IdempotencyStore {
  claim(scope: IdempotencyScope, fingerprint: string): Promise<Claim>;
  complete(scope: IdempotencyScope, answer: StoredAnswer): Promise<void>;
  /** The claimed request failed: let a retry run it again. */
  release(scope: IdempotencyScope): Promise<void>;
}

/** How long keys are kept (at least the 7 days clients may retry within). */
export const IDEMPOTENCY_RETENTION_DAYS = 7;

/**
 * The store in Postgres, shared by every command-service instance. A claim is one statement: insert
 * the key, or take it over when it expired or its first request was abandoned: pending past the lease,
 * or claimed by a process that no longer holds its lease lock (`holder`, process-lease.ts: killed, so
 * the request will never finish; a retry then runs without waiting for it).
 */
export function createPostgresIdempotencyStore(
  pool: pg.Pool,
  options: { leaseMs?: number; holder?: number } = {},
): IdempotencyStore {
  const leaseMs = options.leaseMs ?? 60_000;
  return {
    async claim({ userId, key }, fingerprint) {
      const claimed = await pool.query(
        `insert into commands.idempotency_keys (user_id, key, fingerprint, state, holder)
         values ($1, $2, $3, 'pending', $6)
         on conflict (user_id, key) do update
            set fingerprint = excluded.fingerprint, state = 'pending', status = null, headers = null, body = null,
                claimed_at = now(), created_at = now(), holder = excluded.holder
          where idempotency_keys.created_at < now() - make_interval(days => $4)
             or (idempotency_keys.state = 'pending' and idempotency_keys.claimed_at < now() - make_interval(secs => $5))
             or (idempotency_keys.state = 'pending' and idempotency_keys.holder is not null and not exists (
                   select 1 from pg_locks l
                    where l.locktype = 'advisory' and l.granted and l.objsubid = 2 and l.classid = $7
                      and l.objid = idempotency_keys.holder::oid
                      and l.database = (select oid from pg_database where datname = current_database())))
         returning 1`,
        [userId, key, fingerprint, IDEMPOTENCY_RETENTION_DAYS, leaseMs / 1000, options.holder ?? null, LEASE_NAMESPACE],
      );
      if (claimed.rowCount === 1) return { kind: 'claimed' };
      const { rows } = await pool.query<{
        fingerprint: string;
        state: 'pending' | 'done';
        status: number | null;
        headers: Record<string, string> | null;
        body: string | null;
      }>(
        'select fingerprint, state, status, headers, body from commands.idempotency_keys where user_id = $1 and key = $2',
        [userId, key],
      );
      const row = rows[0];
      if (!row) return { kind: 'pending' }; // released between the two statements: ask again
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.state === 'pending') return { kind: 'pending' };
      return {
        kind: 'replay',
        answer: { status: row.status ?? 200, headers: row.headers ?? {}, body: row.body ?? '' },
      };
    },

    async complete({ userId, key }, answer) {
      await pool.query(
        `update commands.idempotency_keys set state = 'done', status = $3, headers = $4, body = $5
          where user_id = $1 and key = $2 and state = 'pending'`,
        [userId, key, answer.status, JSON.stringify(answer.headers), answer.body],
      );
      // Forget keys past their time, a few at a time, as writes come in.
      await pool.query(
        `delete from commands.idempotency_keys where ctid in (
           select ctid from commands.idempotency_keys where created_at < now() - make_interval(days => $1) limit 100)`,
        [IDEMPOTENCY_RETENTION_DAYS + 1],
      );
    },

    async release({ userId, key }) {
      await pool.query(`delete from commands.idempotency_keys where user_id = $1 and key = $2 and state = 'pending'`, [
        userId,
        key,
      ]);
    },
  };
}
