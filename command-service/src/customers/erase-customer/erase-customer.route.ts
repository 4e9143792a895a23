import { eraseCustomerSchema } from '@ot/contracts/customers/customer-privacy.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly } from '@ot/infra/http/session.ts';
import { eraseCustomer } from '@ot/infra/privacy/erase-customer.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext } from '../../http/command-context.ts';

/**
 * POST /api/admin/customers/erase: the right to erasure, after staff confirmed on the Customers screen
 * what goes. The answer names the customer by id and their orders by number only.
 */
export function eraseCustomerRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/customers/erase', adminOnly, async (ctx) => {
    const { email, reason } = parse(eraseCustomerSchema, ctx.request.body ?? {});
    const result = await eraseCustomer(deps, { email, reason, context: commandContext(ctx, deps) });
    deps.logger.info({ customerId: result.customerId, orders: result.orderNumbers }, 'customer erased');
    ctx.body = result;
  });
}
