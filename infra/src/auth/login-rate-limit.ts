import type pg from 'pg';
import { tooManyRequests } from '../http/errors.ts';

export interface RateLimitSettings {
  maxPerAccount: number;
  maxPerClient: number;
  windowSeconds: number;
}

/** Failed logins counted per client address and per account, in a sliding window shared by every instance. */
export function createLoginRateLimit(pool: pg.Pool, settings: RateLimitSettings) {
  const keys = (client: string, account: string) => ({
    client: `client:${client}`,
    account: `account:${account.toLowerCase()}`,
  });

  return {
    /** Throws 429 when either key has too many recent failures. */
    async check(client: string, account: string): Promise<void> {
      const k = keys(client, account);
      const { rows } = await pool.query<{ key: string; failures: string; oldest: Date }>(
        `select key, count(*) as failures, min(failed_at) as oldest from auth.login_failures
          where key = any($1) and failed_at > now() - make_interval(secs => $2) group by key`,
        [[k.client, k.account], settings.windowSeconds],
      );
      for (const row of rows) {
        const max = row.key === k.client ? settings.maxPerClient : settings.maxPerAccount;
        if (Number(row.failures) >= max) {
          const retryAfter = Math.max(
            1,
            Math.ceil((row.oldest.getTime() + settings.windowSeconds * 1000 - Date.now()) / 1000),
          );
          throw tooManyRequests(
            `Too many failed login attempts. Please wait ${Math.ceil(retryAfter / 60)} minute(s) and try again.`,
            retryAfter,
          );
        }
      }
    },

    async recordFailure(client: string, account: string): Promise<void> {
      const k = keys(client, account);
      await pool.query(
        `insert into auth.login_failures (key) values ($1), ($2);
         `.trim(),
        [k.client, k.account],
      );
      // Keep the table small: forget failures older than the window.
      await pool.query('delete from auth.login_failures where failed_at < now() - make_interval(secs => $1)', [
        settings.windowSeconds,
      ]);
    },

    async clearAccount(account: string): Promise<void> {
      await pool.query('delete from auth.login_failures where key = $1', [keys('', account).account]);
    },
  };
}
export type LoginRateLimit = ReturnType<typeof createLoginRateLimit>;
