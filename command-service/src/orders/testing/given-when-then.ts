import type { OrderEvent, OrderEventData } from '@ot/contracts/orders/order-events.ts';
import { evolve, initialOrderState } from '@ot/contracts/orders/order-state.ts';
import { sampleOrderPlaced } from '@ot/contracts/testing/sample-order.ts';
import { givenWhenThen } from '@ot/infra/testing/given-when-then.ts';

/** Order decider tests: given these order events, when this command, then these events (or this refusal). */
export const { given } = givenWhenThen({ initialState: initialOrderState, evolve });

export const DRIVER_ID = 'item-driver';
export const IRONS_ID = 'item-irons';

/** A placed order with a driver and a set of irons; override what the test is about. */
export const orderPlaced = (overrides: Partial<OrderEventData['OrderPlaced']> = {}): OrderEvent => ({
  type: 'OrderPlaced',
  data: sampleOrderPlaced(overrides),
});
