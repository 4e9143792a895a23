import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Role, SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { preparedQuery } from '../db/prepared.ts';

export const SESSION_COOKIE = 'ot_session';

/**
 * A session ends after `idle` seconds unused, and `lifetime` seconds after sign-in however busy it is.
 * Staff (admins, auditors) and customers differ; each session keeps the values it was created with.
 */
export interface SessionLifetimes {
  staff: { idle: number; lifetime: number };
  customer: { idle: number; lifetime: number };
}

/** The defaults of `ADMIN_SESSION_*` and `CUSTOMER_SESSION_*` (config.ts). */
export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = {
  staff: { idle: 30 * 60, lifetime: 12 * 60 * 60 },
  customer: { idle: 7 * 24 * 60 * 60, lifetime: 30 * 24 * 60 * 60 },
};

export const sessionLifetimesFrom = (
  config: Pick<
    Config,
    | 'ADMIN_SESSION_IDLE_SECONDS'
    | 'ADMIN_SESSION_LIFETIME_SECONDS'
    | 'CUSTOMER_SESSION_IDLE_SECONDS'
    | 'CUSTOMER_SESSION_LIFETIME_SECONDS'
  >,
): SessionLifetimes => ({
  staff: { idle: config.ADMIN_SESSION_IDLE_SECONDS, lifetime: config.ADMIN_SESSION_LIFETIME_SECONDS },
  customer: { idle: config.CUSTOMER_SESSION_IDLE_SECONDS, lifetime: config.CUSTOMER_SESSION_LIFETIME_SECONDS },
});

/** Server-side sessions: the cookie holds 32 random bytes, the table only their (keyed) hash. */
export function createSessionStore(
  pool: pg.Pool,
  secret?: string,
  lifetimes: SessionLifetimes = DEFAULT_SESSION_LIFETIMES,
) {
  const lifetimeOf = (isStaff: boolean) => (isStaff ? lifetimes.staff : lifetimes.customer);
  const hashToken = (token: string) =>
    secret
      ? createHmac('sha256', secret).update(token).digest('hex')
      : createHash('sha256').update(token).digest('hex');
  const resume = (token: string, also?: { columns: string; values: unknown[] }) =>
    resumeSession(pool, hashToken, token, also);

  return {
    /**
     * As `lookup`, also saying when the idle timeout was just slid forward (at most once a minute, or a
     * tenth of the idle timeout when that is shorter), so the caller can slide the cookie's own lifetime
     * with it (`maxAgeSeconds`: the idle timeout, or what is left of the absolute lifetime when that is
     * sooner). `also`: more columns read in the same statement (their parameters from `$2`), answered in
     * `also` beside the session (the query service asks where the event log stands this way: one round
     * trip for both).
     */
    resume,

    /**
     * `isStaff`: an admin or auditor (the staff lifetimes); the role itself is read from the user. Answers the
     * token and the cookie's Max-Age (the idle timeout, or the lifetime when that is shorter).
     */
    async create(userId: string, isStaff: boolean): Promise<{ token: string; maxAgeSeconds: number }> {
      const token = randomBytes(32).toString('base64url');
      const { idle, lifetime } = lifetimeOf(isStaff);
      await pool.query(
        `insert into auth.sessions (id_hash, user_id, is_admin, idle_timeout_seconds, expires_at)
         values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [hashToken(token), userId, isStaff, idle, lifetime],
      );
      return { token, maxAgeSeconds: Math.min(idle, lifetime) };
    },

    /** The signed-in user, sliding the idle timeout; null when unknown or expired (and then deleted). */
    async lookup(token: string): Promise<SessionUser | null> {
      return (await resume(token))?.user ?? null;
    },

    async destroy(token: string): Promise<void> {
      await pool.query('delete from auth.sessions where id_hash = $1', [hashToken(token)]);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;

interface ResumedSession {
  user: SessionUser;
  renewed: boolean;
  maxAgeSeconds: number;
  /** How long this answer stays true unless the row or its user changes: until the idle timeout is due to slide, or the session ends. */
  freshForMs: number;
  also: Record<string, unknown>;
}

type SessionRow = Record<string, unknown> & {
  expired: boolean;
  stale: boolean;
  max_age_seconds: number;
  fresh_for_seconds: number;
  id: string;
  username: string;
  email: string | null;
  customer_name: string | null;
  customer_phone: string | null;
  role: Role;
};

/** The session and its user in one statement, with whether it expired or is due to slide, and `also`'s columns. */
const sessionStatement = (also: string | undefined) =>
  `select (s.last_seen_at + make_interval(secs => s.idle_timeout_seconds) < now() or s.expires_at <= now()) as expired,
          s.last_seen_at < now() - least(interval '1 minute', make_interval(secs => s.idle_timeout_seconds / 10)) as stale,
          least(s.idle_timeout_seconds, floor(extract(epoch from s.expires_at - now())))::int as max_age_seconds,
          extract(epoch from least(
            s.last_seen_at + least(interval '1 minute', make_interval(secs => s.idle_timeout_seconds / 10)),
            s.last_seen_at + make_interval(secs => s.idle_timeout_seconds),
            s.expires_at) - now())::float8 as fresh_for_seconds,
          u.id, u.username, u.email, u.customer_name, u.customer_phone, u.role${also ? `, ${also}` : ''}
     from auth.sessions s join auth.users u on u.id = s.user_id
    where s.id_hash = $1`;

async function resumeSession(
  pool: pg.Pool,
  hashToken: (token: string) => string,
  token: string,
  also?: { columns: string; values: unknown[] },
): Promise<ResumedSession | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const idHash = hashToken(token);
  const { rows } = await preparedQuery<SessionRow>(
    pool,
    sessionStatement(also?.columns),
    also ? [idHash, ...also.values] : [idHash],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.expired) {
    await preparedQuery(pool, 'delete from auth.sessions where id_hash = $1', [idHash]);
    return null;
  }
  if (row.stale)
    await preparedQuery(pool, 'update auth.sessions set last_seen_at = now() where id_hash = $1', [idHash]);
  const user = {
    id: row.id,
    username: row.username,
    email: row.email,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    isAdmin: row.role === 'admin',
    role: row.role,
  };
  const freshForMs = row.stale ? 0 : Math.max(0, Math.floor(row.fresh_for_seconds * 1000));
  return { user, renewed: row.stale, maxAgeSeconds: row.max_age_seconds, freshForMs, also: row };
}
