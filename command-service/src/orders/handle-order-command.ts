import { orderNotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import { isOrderComplete } from '@ot/contracts/orders/order-rules.ts';
import { evolve, type OrderState } from '@ot/contracts/orders/order-state.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { foldOrderHistory, type LoadedOrder, orderStream } from './order.ts';

export interface CommandDeps {
  store: EventStore;
  /** The customer's account, for the answer's `userId`; read before the append (never after the commit). */
  users?: { customerId(email: string): Promise<string | null> };
}

export interface CommandResult extends LoadedOrder {
  /** Global position of the command's last event; 0 when the command changed nothing. */
  position: number;
  appended: OrderEvent[];
  /** The customer's account id as it stood before the append; null when none (or not asked). */
  userId: string | null;
}

/**
 * The write pipeline of every order command (see handleCommand): the order's stream, "Order not found"
 * unless the command places it, and the answer (state, version, times, the customer's account) known
 * before the events are appended.
 */
export async function handleOrderCommand(
  deps: CommandDeps,
  options: {
    orderNumber: string;
    context: CommandContext;
    ifMatch?: number | undefined;
    mustExist?: boolean;
    decide: (state: OrderState) => OrderEvent[];
    eventId?: (index: number) => string;
  },
): Promise<CommandResult> {
  const lookUpCustomer = async (state: OrderState) =>
    state && deps.users ? deps.users.customerId(state.customerEmail) : null;
  let userId: string | null = null;
  const handled = await handleCommand<OrderEvent>(deps.store, {
    stream: orderStream(options.orderNumber),
    context: options.context,
    ifMatch: options.ifMatch,
    eventId: options.eventId,
    precheck: (history) => {
      if (options.mustExist !== false && foldOrderHistory(history).state === null) throw orderNotFound();
    },
    decide: async (history) => {
      const before = foldOrderHistory(history).state;
      const events = options.decide(before);
      userId = await lookUpCustomer(events.reduce(evolve, before));
      return events;
    },
  });
  const loaded = foldOrderHistory(handled.history);
  // A command that had already landed did not run decide: its customer is looked up now, still before any append.
  if (handled.appended.length === 0 && handled.position > 0) userId = await lookUpCustomer(loaded.state);
  if (handled.appended.length === 0) return { ...loaded, position: handled.position, appended: [], userId };

  const now = options.context.now;
  const state = handled.appended.reduce(evolve, loaded.state);
  const complete = state !== null && isOrderComplete(state.items);
  return {
    state,
    version: handled.version,
    meta: {
      version: handled.version,
      createdAt: loaded.meta.createdAt || now,
      updatedAt: now,
      deliveredAt: complete ? (loaded.meta.deliveredAt ?? now) : null,
    },
    position: handled.position,
    appended: handled.appended,
    userId,
  };
}
