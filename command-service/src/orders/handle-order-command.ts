import { orderNotFound, staleVersion } from '@ot/contracts/errors/domain-errors.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import { isOrderComplete } from '@ot/contracts/orders/order-rules.ts';
import { evolve, type OrderState } from '@ot/contracts/orders/order-state.ts';
import { type EventStore, WrongExpectedVersionError } from '@ot/infra/event-store/event-store.ts';
import { type LoadedOrder, loadOrder, orderStream, toNewEvents } from './order.ts';

export interface CommandDeps {
  store: EventStore;
  newId: () => string;
}

export interface CommandResult extends LoadedOrder {
  /** Global position of the last appended event; 0 when the command changed nothing. */
  position: number;
  appended: OrderEvent[];
}

/**
 * The write pipeline of every order command: load the stream, check the client's If-Match, decide
 * purely, append with the expected version. Without If-Match a concurrent write is retried on the
 * fresh state (the client did not base its change on a version); with it, the client gets a 409.
 */
export async function handleOrderCommand(
  deps: CommandDeps,
  options: {
    orderNumber: string;
    context: CommandContext;
    ifMatch?: number | undefined;
    mustExist?: boolean;
    decide: (state: OrderState) => OrderEvent[];
  },
): Promise<CommandResult> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadOrder(deps.store, options.orderNumber);
    if (options.mustExist !== false && loaded.state === null) throw orderNotFound();
    if (options.ifMatch !== undefined && options.ifMatch !== loaded.version) {
      throw staleVersion(loaded.version);
    }
    const events = options.decide(loaded.state);
    if (events.length === 0) return { ...loaded, position: 0, appended: [] };
    try {
      const { nextVersion, position } = await deps.store.append(
        orderStream(options.orderNumber),
        toNewEvents(events, options.context, deps.newId),
        { expectedVersion: loaded.version === 0 ? 'no_stream' : loaded.version },
      );
      const state = events.reduce(evolve, loaded.state);
      const complete = state !== null && isOrderComplete(state.items);
      return {
        state,
        version: nextVersion,
        meta: {
          version: nextVersion,
          createdAt: loaded.meta.createdAt || options.context.now,
          updatedAt: options.context.now,
          deliveredAt: complete ? (loaded.meta.deliveredAt ?? options.context.now) : null,
        },
        position,
        appended: events,
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && options.ifMatch === undefined && attempt < 3) continue;
      throw error;
    }
  }
}
