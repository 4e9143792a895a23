import type pg from 'pg';
import { tooManyRequests } from '../http/errors.ts';
import { createDeviceCookies } from './device-cookie.ts';

export interface RateLimitSettings {
  maxPerAccount: number;
  maxPerClient: number;
  /** Failures are forgotten after this long without an attempt; also the longest delay. */
  windowSeconds: number;
  /** The first delay once a key reaches its limit; each further failure doubles it. Default 30 s. */
  firstDelaySeconds?: number;
  /** Signs device cookies; without it a random key kept in the database does. */
  secret?: string | undefined;
}

export interface LoginAttempt {
  /** The client's address. */
  client: string;
  /** Who is signing in, in its own name space (`admin:<name>` or `customer:<email>`), compared in lower case. */
  account: string;
  /** The device cookie the browser sent, if any. */
  deviceCookie: string | null;
}

/** The keys an attempt was counted against, to settle when the password turns out right. */
export interface LoginClaim {
  account: string;
  keys: string[];
  /** The browser holds a valid device cookie for this account (it signed in here before). */
  knownDevice: boolean;
}

/**
 * Login throttling that guessing cannot outrun, after OWASP's "slow down online guessing" with device
 * cookies. Every attempt first claims a slot in one atomic statement per key (client address, and the
 * account or, for a browser that signed in to this account before, its device cookie); the claim counts
 * as a failure until the password proves right. Below the limit an attempt goes through at once; from the
 * limit on, each failure doubles the wait before the next one (30 s, 1 min, 2 min... at most the window),
 * answered 429 with `Retry-After`, so there is no hard lockout. A burst of guesses from elsewhere slows the
 * account for unknown browsers only: a browser holding a valid device cookie for the account is counted
 * on its own key and still signs in.
 */
export function createLoginRateLimit(pool: pg.Pool, settings: RateLimitSettings) {
  const devices = createDeviceCookies(pool, settings.secret);
  const firstDelay = settings.firstDelaySeconds ?? 30;

  /** Claims one attempt on `key`; false when the key must wait, with how long. */
  async function claim(key: string, max: number): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
    // clock_timestamp(), not now(): a statement that waited for the row lock compares with the time it got it.
    const delay = (failures: string) =>
      `make_interval(secs => case when ${failures} < $2 then 0 else least($3 * power(2, ${failures} - $2), $4) end)`;
    const fresh = 't.last_attempt_at < clock_timestamp() - make_interval(secs => $4)';
    const failures = `case when ${fresh} then 1 else t.failures + 1 end`;
    const { rows } = await pool.query<{ failures: number }>(
      `insert into auth.login_failures as t (key, failures, next_allowed_at, last_attempt_at)
       values ($1, 1, clock_timestamp() + ${delay('1')}, clock_timestamp())
       on conflict (key) do update set
         failures = ${failures},
         next_allowed_at = clock_timestamp() + ${delay(failures)},
         last_attempt_at = clock_timestamp()
       where t.next_allowed_at <= clock_timestamp() or ${fresh}
       returning failures`,
      [key, max, firstDelay, settings.windowSeconds],
    );
    if (rows.length > 0) return { ok: true };
    const wait = await pool.query<{ seconds: number }>(
      'select extract(epoch from next_allowed_at - clock_timestamp())::float8 as seconds from auth.login_failures where key = $1',
      [key],
    );
    return { ok: false, retryAfter: Math.max(1, Math.ceil(wait.rows[0]?.seconds ?? 1)) };
  }

  const refuse = (retryAfter: number) =>
    tooManyRequests(
      `Too many failed login attempts. Please wait ${Math.ceil(retryAfter / 60)} minute(s) and try again.`,
      retryAfter,
    );

  return {
    /** Counts the attempt before any password is checked; throws 429 when it must wait. */
    async claim(attempt: LoginAttempt): Promise<LoginClaim> {
      const account = attempt.account.toLowerCase();
      const nonce = attempt.deviceCookie ? await devices.verify(attempt.deviceCookie, account) : null;
      if (nonce) {
        const key = `device:${nonce}`;
        if ((await claim(key, settings.maxPerAccount)).ok) return { account, keys: [key], knownDevice: true };
        // A device cookie that failed too often is worth no more than no cookie at all.
      }
      const clientKey = `client:${attempt.client}`;
      const byClient = await claim(clientKey, settings.maxPerClient);
      if (!byClient.ok) throw refuse(byClient.retryAfter);
      const accountKey = `account:${account}`;
      const byAccount = await claim(accountKey, settings.maxPerAccount);
      if (!byAccount.ok) throw refuse(byAccount.retryAfter);
      return { account, keys: [clientKey, accountKey], knownDevice: false };
    },

    /**
     * The password was right: the account's and the device's failures are forgiven, the client's claim
     * is taken back (one good account must not wipe a client's failures on others). Answers the device
     * cookie to set for this account.
     */
    async succeeded(settled: LoginClaim): Promise<string> {
      const forgiven = settled.keys.filter((key) => !key.startsWith('client:'));
      const client = settled.keys.filter((key) => key.startsWith('client:'));
      await pool.query('delete from auth.login_failures where key = any($1)', [forgiven]);
      await pool.query('update auth.login_failures set failures = greatest(failures - 1, 0) where key = any($1)', [
        client,
      ]);
      // Keep the table small: rows idle for longer than the window count for nothing.
      await pool.query(
        'delete from auth.login_failures where last_attempt_at < clock_timestamp() - make_interval(secs => $1)',
        [settings.windowSeconds],
      );
      return devices.issue(settled.account);
    },
  };
}
export type LoginRateLimit = ReturnType<typeof createLoginRateLimit>;
