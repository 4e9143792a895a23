import { Conflict } from '@ot/contracts/errors/domain-errors.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { PlaceOrderRequest } from '@ot/contracts/orders/order-commands.ts';
import { WrongExpectedVersionError } from '@ot/infra/event-store/event-store.ts';
import type { OrderNumbers } from '@ot/infra/order-numbers/order-numbers.ts';
import { commandDerivedId } from '../../commands/handle-command.ts';
import { type CommandDeps, type CommandResult, handleOrderCommand } from '../handle-order-command.ts';
import { decidePlaceOrder, type PlaceOrder } from './place-order.ts';

/** The number was taken meanwhile (by an import, or by a racing add): the stream already exists. */
export const isOrderNumberTaken = (error: unknown): boolean =>
  error instanceof WrongExpectedVersionError || (error instanceof Conflict && error.code === 'ORDER_EXISTS');

/** The command placing `request` as `orderNumber`; its order and item ids are named after the command. */
export const placeOrderCommand = (
  context: CommandContext,
  orderNumber: string,
  request: PlaceOrderRequest,
): PlaceOrder => ({
  type: 'PlaceOrder',
  orderId: commandDerivedId(context, 'order'),
  orderNumber,
  itemIds: request.items.map((_, index) => commandDerivedId(context, `item/${index}`)),
  request,
});

/** How often a number taken by an imported order is skipped before giving up. */
const MAX_TAKEN_NUMBERS = 20;

/**
 * Place an order under the next number. A number an import took meanwhile is skipped (the append
 * expects no stream); the command asks under its own id, so a retried command gets the same number.
 */
export async function placeUnderNewNumber(
  deps: CommandDeps & { orderNumbers: OrderNumbers },
  command: { context: CommandContext; request: PlaceOrderRequest },
): Promise<CommandResult & { orderNumber: string }> {
  const { context, request } = command;
  for (let attempt = 1; ; attempt++) {
    const orderNumber = await deps.orderNumbers.allocate(
      attempt === 1 ? context.commandId : `${context.commandId}#${attempt}`,
    );
    try {
      const result = await handleOrderCommand(deps, {
        orderNumber,
        context,
        mustExist: false,
        decide: (state) => decidePlaceOrder(placeOrderCommand(context, orderNumber, request), state),
      });
      return { ...result, orderNumber };
    } catch (error) {
      if (!isOrderNumberTaken(error) || attempt >= MAX_TAKEN_NUMBERS) throw error;
    }
  }
}
