import { isHistoryOnlyEvent, isOrderFieldEvent, type OrderEvent, type OrderEventData } from './order-events.ts';

export type Order = OrderEventData['OrderPlaced'];

/** The fold of an order stream: null until placed. Used by deciders and for time travel. */
export type OrderState = Order | null;

export const initialOrderState = (): OrderState => null;

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced') return event.data;
  if (state === null) return state;
  if (isOrderFieldEvent(event)) return { ...state, ...event.data };
  if (isHistoryOnlyEvent(event)) return state;
  switch (event.type) {
    case 'OrderStatusChanged':
      return { ...state, status: event.data.status };
    case 'SpecDocumentAttached':
      return { ...state, items: state.items.map((item) => ({ ...item, documentUrl: event.data.documentUrl })) };
    case 'ItemStatusChanged':
    case 'ItemEstimatedDeliverySet':
    case 'ItemManufacturerChanged': {
      const { itemId, ...change } = event.data;
      const patch = 'previousStatus' in change ? { status: change.status } : change;
      return { ...state, items: state.items.map((item) => (item.id === itemId ? { ...item, ...patch } : item)) };
    }
    default:
      return unfolded(event, state);
  }
}

/**
 * An order event none of the above folds fails to compile here, naming its type: list it in orderFieldEvents
 * or historyOnlyEvents (order-events.ts), or give it a case. The fold never throws: the state stays.
 */
const unfolded = (_event: never, state: OrderState): OrderState => state;

export const foldOrder = (events: readonly OrderEvent[]): OrderState => events.reduce(evolve, initialOrderState());
