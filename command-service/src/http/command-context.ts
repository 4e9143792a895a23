import type { Actor, CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { toOrderView } from '@ot/contracts/orders/to-order-view.ts';
import { badRequest } from '@ot/infra/http/errors.ts';
import type { AppContext } from '@ot/infra/http/session.ts';
import type { CommandServiceDeps } from '../deps.ts';
import type { CommandResult } from '../orders/handle-order-command.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who and when: the actor from the session, the clock, and the command id (a client may send `Idempotency-Key`). */
export function commandContext(
  ctx: AppContext,
  deps: Pick<CommandServiceDeps, 'clock' | 'newId'>,
  actor?: Actor,
): CommandContext {
  const user = ctx.state.user;
  const key = ctx.get('Idempotency-Key');
  const commandId = key && UUID.test(key) ? key : deps.newId();
  const correlation = ctx.get('X-Correlation-Id');
  return {
    actor:
      actor ??
      (user
        ? { kind: user.isAdmin ? 'admin' : 'customer', id: user.id, name: user.username }
        : { kind: 'system', id: 'system', name: 'system' }),
    now: deps.clock().toISOString(),
    commandId,
    correlationId: correlation && UUID.test(correlation) ? correlation : commandId,
  };
}

/** `If-Match: 3`, `"3"` or `W/"3"`; absent means "whatever the current version is". */
export function ifMatchVersion(ctx: AppContext): number | undefined {
  const header = ctx.get('If-Match');
  if (!header || header === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  if (!match) throw badRequest('If-Match must be the order version, e.g. If-Match: 3');
  return Number(match[1]);
}

/** Reply with the order as it now stands, its version (body and ETag) and the position to read it at. */
export async function replyWithOrder(
  ctx: AppContext,
  deps: Pick<CommandServiceDeps, 'users' | 'clock'>,
  result: CommandResult,
  status = 200,
): Promise<OrderView | null> {
  ctx.set('ETag', `"${result.version}"`);
  ctx.set('x-event-position', String(result.position));
  ctx.set('Access-Control-Expose-Headers', 'ETag, x-event-position');
  if (!result.state) return null;
  const userId = await deps.users.customerId(result.state.customerEmail);
  ctx.status = status;
  const view = toOrderView(result.state, result.meta, {
    forAdmin: ctx.state.user?.isAdmin === true,
    today: deps.clock().toISOString(),
    userId,
  });
  ctx.body = view;
  return view;
}
