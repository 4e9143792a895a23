import type { Role, SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import type { Next } from 'koa';
import { forbidden, unauthorized } from './errors.ts';
import type { AppContext } from './session.ts';

/**
 * The one place roles are checked. A role needed by a route is met by that role and by every role
 * above it: an admin can do all an auditor can (read every order, its history, email logs, exports);
 * an auditor writes nothing; a customer has only their own orders (checked by the route, per order).
 */
const rolesMeeting: Record<Role, readonly Role[]> = {
  admin: ['admin'],
  auditor: ['admin', 'auditor'],
  customer: ['customer'],
};

export const hasRole = (user: SessionUser | null | undefined, role: Role): boolean =>
  !!user && rolesMeeting[role].includes(user.role);

/** Staff who may read every order (admins and auditors). */
export const readsEveryOrder = (user: SessionUser | null | undefined): boolean => hasRole(user, 'auditor');

/** Who may have pushes on their devices: customers (their orders' updates), staff who read the attention list. */
export const pushRoles: readonly Role[] = ['customer', 'auditor'];

/** The session roles that meet `role`, for a query that picks users by role (the notifier's). */
export const rolesMeetingRole = (role: Role): readonly Role[] => rolesMeeting[role];

/** The signed-in user when they have `role`: 401 when nobody is signed in, 403 otherwise. */
export function requireRoleOf(ctx: AppContext, role: Role): SessionUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  if (!hasRole(user, role)) throw forbidden();
  return user;
}

/** The signed-in user when they meet one of `roles`: 401 when nobody is signed in, 403 otherwise. */
export function requireAnyRoleOf(ctx: AppContext, roles: readonly Role[]): SessionUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  if (!roles.some((role) => hasRole(user, role))) throw forbidden();
  return user;
}

/** Koa middleware form, for routes and whole routers: `router.get(path, requireRole('auditor'), ...)`. */
export const requireRole =
  (role: Role) =>
  async (ctx: AppContext, next: Next): Promise<void> => {
    requireRoleOf(ctx, role);
    await next();
  };

/** Middleware form of `requireAnyRoleOf`: `requireAnyRole('customer', 'auditor')`. */
export const requireAnyRole =
  (...roles: Role[]) =>
  async (ctx: AppContext, next: Next): Promise<void> => {
    requireAnyRoleOf(ctx, roles);
    await next();
  };
