import { DEVICE_COOKIE_MAX_AGE_SECONDS } from '@ot/infra/auth/device-cookie.ts';
import type { LoginClaim } from '@ot/infra/auth/login-rate-limit.ts';
import { type AppContext, readCookie, writeCookie } from '@ot/infra/http/session.ts';
import type { CommandServiceDeps } from '../deps.ts';

const DEVICE_COOKIE = 'ot_device';

/** Throttling keys per name space: an admin and a customer of the same name are different accounts. */
export const adminAccount = (username: string) => username;
export const customerAccount = (email: string) => `customer:${email.trim()}`;

/** Counts the attempt before any secret is checked (429 when it must wait); see login-rate-limit.ts. */
export function claimLoginAttempt(ctx: AppContext, deps: CommandServiceDeps, account: string): Promise<LoginClaim> {
  return deps.loginRateLimit.claim({ client: ctx.ip, account, deviceCookie: readCookie(ctx, DEVICE_COOKIE) });
}

/** The secret was right: forgive the account's failures and mark this browser as known to the account. */
export async function loginSucceeded(ctx: AppContext, deps: CommandServiceDeps, claim: LoginClaim): Promise<void> {
  const device = await deps.loginRateLimit.succeeded(claim);
  writeCookie(ctx, DEVICE_COOKIE, device, { maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS });
}
