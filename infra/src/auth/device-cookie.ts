import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { serverKey } from './server-keys.ts';

/** A device cookie lives as long as a customer session: a browser that signed in once stays known. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/**
 * OWASP's device cookie: `<nonce>.<HMAC(key, account|nonce)>`, issued at a successful login. It proves
 * the browser signed in to that account before; the nonce is its own throttling key.
 */
export function createDeviceCookies(pool: pg.Pool, secret?: string) {
  const signingKey = serverKey(pool, 'device-cookie', secret);
  const sign = async (account: string, nonce: string) =>
    createHmac('sha256', await signingKey())
      .update(`${account}|${nonce}`)
      .digest('base64url');

  return {
    async issue(account: string): Promise<string> {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${await sign(account, nonce)}`;
    },

    /** The cookie's nonce when it was issued for this account by us; null otherwise. */
    async verify(cookie: string, account: string): Promise<string | null> {
      const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(cookie);
      if (!match) return null;
      const [, nonce = '', signature = ''] = match;
      const expected = Buffer.from(await sign(account, nonce));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
    },
  };
}
