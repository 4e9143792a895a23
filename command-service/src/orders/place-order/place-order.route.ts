import { placeOrderSchema } from '@ot/contracts/orders/order-commands.ts';
import { parse } from '@ot/infra/http/errors.ts';
import { adminOnly } from '@ot/infra/http/session.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext, replyWithOrder } from '../../http/command-context.ts';
import { jsonBody } from '../../http/json-body.ts';
import { placeUnderNewNumber } from './place-new-order.ts';

export function placeOrderRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/orders', adminOnly, jsonBody, async (ctx) => {
    const request = parse(placeOrderSchema, ctx.request.body);
    const result = await placeUnderNewNumber(deps, { context: commandContext(ctx, deps), request });
    replyWithOrder(ctx, deps, result, 201);
  });
}
