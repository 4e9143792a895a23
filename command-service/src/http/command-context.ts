import type { Actor, CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { toOrderView } from '@ot/contracts/orders/to-order-view.ts';
import { nameBasedId } from '@ot/infra/event-store/name-based-id.ts';
import { badRequest } from '@ot/infra/http/errors.ts';
import type { AppContext } from '@ot/infra/http/session.ts';
import type { CommandServiceDeps } from '../deps.ts';
import type { CommandResult } from '../orders/handle-order-command.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 1-200 visible ASCII characters (the PWA sends a UUID). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The client's `Idempotency-Key`, checked; undefined when none was sent. */
export function idempotencyKey(ctx: AppContext): string | undefined {
  const key = ctx.get('Idempotency-Key');
  if (!key) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters, e.g. a UUID');
  }
  return key;
}

/**
 * Who and when: the actor from the session, the clock, and the command id. With an `Idempotency-Key`
 * the command id is named after the key and the user (keys are per user), so a retried request is the
 * same command: it derives the same event ids and is recognised once it has landed.
 */
export function commandContext(
  ctx: AppContext,
  deps: Pick<CommandServiceDeps, 'clock' | 'newId'>,
  actor?: Actor,
): CommandContext {
  const user = ctx.state.user;
  const who: Actor =
    actor ??
    (user
      ? { kind: user.isAdmin ? 'admin' : 'customer', id: user.id, name: user.username }
      : { kind: 'system', id: 'system', name: 'system' });
  const key = idempotencyKey(ctx);
  const commandId = key === undefined ? deps.newId() : nameBasedId(`idempotency-key/${user?.id ?? who.id}/${key}`);
  const correlation = ctx.get('X-Correlation-Id');
  return {
    actor: who,
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

/**
 * Reply with the order as it now stands, its version (body and ETag) and the position to read it at.
 * Everything here comes from the command's result: nothing can fail once the events are committed.
 */
export function replyWithOrder(
  ctx: AppContext,
  deps: Pick<CommandServiceDeps, 'clock'>,
  result: CommandResult,
  status = 200,
): OrderView | null {
  ctx.set('ETag', `"${result.version}"`);
  ctx.set('x-event-position', String(result.position));
  ctx.set('Access-Control-Expose-Headers', 'ETag, x-event-position');
  if (!result.state) return null;
  ctx.status = status;
  const view = toOrderView(result.state, result.meta, {
    forAdmin: ctx.state.user?.isAdmin === true,
    today: deps.clock().toISOString(),
    userId: result.userId,
  });
  ctx.body = view;
  return view;
}
