import { customerLoginSchema } from '@ot/contracts/auth/auth-schemas.ts';
import { orderStream, parseOrderEvent } from '@ot/contracts/orders/order-events.ts';
import { foldOrder } from '@ot/contracts/orders/order-state.ts';
import type { LoginClaim } from '@ot/infra/auth/login-rate-limit.ts';
import { parse, unauthorized } from '@ot/infra/http/errors.ts';
import type { AppContext } from '@ot/infra/http/session.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { jsonBody } from '../../http/json-body.ts';
import { emailLoginCode } from '../login-code/email-login-code.ts';
import { claimLoginAttempt, customerAccount, loginSucceeded } from '../login-guard.ts';
import { startSession } from '../start-session.ts';

export const CUSTOMER_LOGIN_FAILED = 'Invalid email or order number. Please try again.';

export interface CustomerMatch {
  customerEmail: string;
  customerName: string;
  customerPhone: string | null;
  /** Position of the order's last event: reads sent with it wait until the order is in the read models. */
  position: number;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The order with this number and email. The stream is the truth (an order placed a moment ago is not
 * in the read models yet); the read model adds case-insensitive numbers the stream name cannot. Both
 * lookups run whichever part is wrong, so neither the answer nor its timing tells which.
 */
export async function findOrder(
  deps: CommandServiceDeps,
  email: string,
  orderNumber: string,
): Promise<CustomerMatch | null> {
  let match: CustomerMatch | null = null;
  for (const candidate of new Set([orderNumber, orderNumber.toUpperCase()])) {
    const events = await deps.store.readStream(orderStream(candidate));
    const state = foldOrder(events.flatMap((event) => parseOrderEvent(event) ?? []));
    if (!match && state && sameEmail(state.customerEmail, email)) {
      match = {
        customerEmail: state.customerEmail,
        customerName: state.customerName,
        customerPhone: state.customerPhone,
        position: events.at(-1)?.position ?? 0,
      };
    }
  }
  const { rows } = await deps.pool.query<{
    customer_name: string;
    customer_email: string;
    customer_phone: string | null;
  }>(
    `select customer_name, customer_email, customer_phone from rm.orders
      where upper(order_number) = upper($1) and lower(customer_email) = lower($2)`,
    [orderNumber, email.trim()],
  );
  const row = rows[0];
  const fromReadModel = row && {
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    position: 0,
  };
  return match ?? fromReadModel ?? null;
}

/**
 * Email + one of their order numbers; the session then sees every order with that email. With
 * CUSTOMER_LOGIN_CODE=1 a browser without a device cookie for the account gets 202 and an emailed code
 * to enter first (login-code.route.ts).
 */
export function customerLoginRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/auth/customer/login', jsonBody, async (ctx) => {
    const { email, orderNumber } = parse(customerLoginSchema, ctx.request.body);
    const claim = await claimLoginAttempt(ctx, deps, customerAccount(email));
    const order = await findOrder(deps, email, orderNumber);
    if (!order) throw unauthorized(CUSTOMER_LOGIN_FAILED);
    if (deps.config.CUSTOMER_LOGIN_CODE && !claim.knownDevice) {
      // The claim stays counted (as a failure) until the code proves the email is theirs.
      ctx.status = 202;
      ctx.body = await emailLoginCode(ctx, deps, claim.account, order.customerEmail, orderNumber);
      return;
    }
    await signInCustomer(ctx, deps, claim, order);
  });
}

/** The customer proved who they are: a session, a device cookie for this browser, and where to read. */
export async function signInCustomer(
  ctx: AppContext,
  deps: CommandServiceDeps,
  claim: LoginClaim,
  order: CustomerMatch,
): Promise<void> {
  await loginSucceeded(ctx, deps, claim);
  const user = await deps.users.upsertCustomer(order.customerEmail, order.customerName, order.customerPhone);
  const sessionUser = {
    id: user.id,
    username: user.username,
    email: user.email,
    customerName: user.customer_name,
    customerPhone: user.customer_phone,
    isAdmin: false,
    role: 'customer' as const,
  };
  await startSession(ctx, deps, sessionUser);
  ctx.set('x-event-position', String(order.position));
  ctx.set('Access-Control-Expose-Headers', 'x-event-position');
  ctx.body = { user: sessionUser };
}
