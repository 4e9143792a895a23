import { loginCodeSchema } from '@ot/contracts/auth/auth-schemas.ts';
import { HttpError, parse, unauthorized } from '@ot/infra/http/errors.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { jsonBody } from '../../http/json-body.ts';
import { CUSTOMER_LOGIN_FAILED, findOrder, signInCustomer } from '../customer-login/customer-login.route.ts';
import { claimLoginAttempt } from '../login-guard.ts';

export const LOGIN_CODE_WRONG = 'That code is not right. Check the email and try again.';
export const LOGIN_CODE_EXPIRED = 'This code has expired or was tried too often. Sign in again to get a new one.';

/**
 * POST /api/auth/customer/login/code {challengeId, code}: the second step of a customer sign-in from a new
 * device (CUSTOMER_LOGIN_CODE=1). Each guess is claimed like a login (the account's throttle) and counted
 * on the challenge (at most 5); the right code signs in and marks this browser with a device cookie, so
 * the next sign-in here needs no code.
 */
export function loginCodeRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/auth/customer/login/code', jsonBody, async (ctx) => {
    const { challengeId, code } = parse(loginCodeSchema, ctx.request.body);
    const account = await deps.loginCodes.accountOf(challengeId);
    if (!account) throw new HttpError(401, LOGIN_CODE_EXPIRED, 'LOGIN_CODE_EXPIRED');
    const claim = await claimLoginAttempt(ctx, deps, account);
    const checked = await deps.loginCodes.check(challengeId, code);
    if (!checked.ok && checked.reason === 'expired') throw new HttpError(401, LOGIN_CODE_EXPIRED, 'LOGIN_CODE_EXPIRED');
    if (!checked.ok) {
      throw new HttpError(401, LOGIN_CODE_WRONG, 'LOGIN_CODE_WRONG', { attemptsLeft: checked.attemptsLeft });
    }
    // The order proved the account a few minutes ago; read it again for the session's name and phone.
    const order = await findOrder(deps, checked.email, checked.orderNumber);
    if (!order) throw unauthorized(CUSTOMER_LOGIN_FAILED);
    await signInCustomer(ctx, deps, claim, order);
  });
}
