import { adminLoginSchema } from '@ot/contracts/auth/auth-schemas.ts';
import { verifyAgainstNothing, verifyPassword } from '@ot/infra/auth/passwords.ts';
import { parse, unauthorized } from '@ot/infra/http/errors.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { jsonBody } from '../../http/json-body.ts';
import { adminAccount, claimLoginAttempt, loginSucceeded } from '../login-guard.ts';
import { startSession } from '../start-session.ts';

export const ADMIN_LOGIN_FAILED = 'Invalid username or password. Please try again.';

export function adminLoginRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/auth/admin/login', jsonBody, async (ctx) => {
    const { username, password } = parse(adminLoginSchema, ctx.request.body);
    const claim = await claimLoginAttempt(ctx, deps, adminAccount(username));
    const admin = await deps.users.findAdmin(username);
    const valid = admin?.password_hash
      ? await verifyPassword(admin.password_hash, password)
      : await verifyAgainstNothing(password);
    if (!admin || !valid) throw unauthorized(ADMIN_LOGIN_FAILED);
    await loginSucceeded(ctx, deps, claim);
    const user = {
      id: admin.id,
      username: admin.username,
      email: admin.email,
      customerName: admin.customer_name,
      customerPhone: admin.customer_phone,
      isAdmin: admin.role === 'admin',
      role: admin.role,
    };
    await startSession(ctx, deps, user);
    ctx.body = { user };
  });
}
