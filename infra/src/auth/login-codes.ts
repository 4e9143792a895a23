import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { serverKey } from './server-keys.ts';

/** How long an emailed sign-in code works, and how many guesses one code allows. */
export const LOGIN_CODE_TTL_SECONDS = 10 * 60;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
export const LOGIN_CODE_DIGITS = 6;

export interface LoginChallenge {
  /** Handed to the browser that asked; it sends it back with the code. */
  challengeId: string;
  /** The email that carries the code (its own stream, sent by the notifier). */
  notificationId: string;
  expiresAt: Date;
}

export type CodeCheck =
  | { ok: true; account: string; email: string; orderNumber: string }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }
  | { ok: false; reason: 'expired' };

/**
 * Emailed one-time sign-in codes for a customer on a new device (`CUSTOMER_LOGIN_CODE=1`). The code is
 * never stored: it is an HMAC of the challenge id under a server key, so the command service (to check
 * it) and the notifier (to write the email) each compute it, and neither the event log nor the email
 * log holds it. A challenge lives `LOGIN_CODE_TTL_SECONDS`, allows `LOGIN_CODE_MAX_ATTEMPTS` guesses
 * (each claimed in one atomic statement, so parallel guesses cannot exceed it) and is used once.
 */
export function createLoginCodes(pool: pg.Pool, secret?: string, ttlSeconds = LOGIN_CODE_TTL_SECONDS) {
  const key = serverKey(pool, 'login-code', secret);

  async function codeFor(challengeId: string): Promise<string> {
    const mac = createHmac('sha256', await key())
      .update(`login-code|${challengeId}`)
      .digest();
    return String(mac.readUInt32BE(0) % 10 ** LOGIN_CODE_DIGITS).padStart(LOGIN_CODE_DIGITS, '0');
  }

  return {
    codeFor,

    /** A new challenge for `account`, proved by `orderNumber`; its email is `notificationId`'s to send. */
    async issue(account: string, email: string, orderNumber: string): Promise<LoginChallenge> {
      const challengeId = randomBytes(24).toString('base64url');
      const notificationId = `login-code-${randomBytes(12).toString('hex')}`;
      const { rows } = await pool.query<{ expires_at: Date }>(
        `insert into auth.login_codes (id, account, email, order_number, notification_id, expires_at)
         values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) returning expires_at`,
        [challengeId, account.toLowerCase(), email, orderNumber, notificationId, ttlSeconds],
      );
      // Keep the table small: challenges a day past their expiry are of no use to anyone.
      await pool.query(`delete from auth.login_codes where expires_at < now() - interval '1 day'`);
      return { challengeId, notificationId, expiresAt: rows[0]?.expires_at ?? new Date() };
    },

    /** For the notifier: the code an email carries, or null when its challenge is used up or expired. */
    async codeForNotification(notificationId: string): Promise<{ code: string; expiresAt: Date } | null> {
      const { rows } = await pool.query<{ id: string; expires_at: Date }>(
        `select id, expires_at from auth.login_codes
          where notification_id = $1 and used_at is null and expires_at > now() and attempts < $2`,
        [notificationId, LOGIN_CODE_MAX_ATTEMPTS],
      );
      const row = rows[0];
      return row ? { code: await codeFor(row.id), expiresAt: row.expires_at } : null;
    },

    /** The throttling account of a challenge (null when there is no such challenge). */
    async accountOf(challengeId: string): Promise<string | null> {
      const { rows } = await pool.query<{ account: string }>('select account from auth.login_codes where id = $1', [
        challengeId,
      ]);
      return rows[0]?.account ?? null;
    },

    /** One guess: counted before it is compared; right once only. */
    async check(challengeId: string, code: string): Promise<CodeCheck> {
      const { rows } = await pool.query<{ account: string; email: string; order_number: string; attempts: number }>(
        `update auth.login_codes set attempts = attempts + 1
          where id = $1 and used_at is null and expires_at > now() and attempts < $2
          returning account, email, order_number, attempts`,
        [challengeId, LOGIN_CODE_MAX_ATTEMPTS],
      );
      const row = rows[0];
      if (!row) return { ok: false, reason: 'expired' };
      const expected = Buffer.from(await codeFor(challengeId));
      const given = Buffer.from(code);
      const right = expected.length === given.length && timingSafeEqual(expected, given);
      if (!right) return { ok: false, reason: 'wrong', attemptsLeft: LOGIN_CODE_MAX_ATTEMPTS - row.attempts };
      const used = await pool.query(
        'update auth.login_codes set used_at = now() where id = $1 and used_at is null returning 1',
        [challengeId],
      );
      if (used.rowCount === 0) return { ok: false, reason: 'expired' };
      return { ok: true, account: row.account, email: row.email, orderNumber: row.order_number };
    },
  };
}
export type LoginCodes = ReturnType<typeof createLoginCodes>;
