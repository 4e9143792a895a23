import type { OrderEvent, OrderEventData } from './order-events.ts';

export type Order = OrderEventData['OrderPlaced'];

/** The fold of an order stream: null until placed. Used by deciders and for time travel. */
export type OrderState = Order | null;

export const initialOrderState = (): OrderState => null;

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced') return event.data;
  if (state === null) return state;
  switch (event.type) {
    // Each of these carries exactly the order fields it changes, under the order's own names.
    case 'CustomerDetailsChanged':
    case 'ShippingAddressChanged':
    case 'BillingAddressChanged':
    case 'TrackingNumberAssigned':
    case 'OrderEstimatedDeliverySet':
    case 'CustomerNotesChanged':
    case 'FitterNotesChanged':
      return { ...state, ...event.data };
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
    case 'CustomerNotificationRequested':
      return state;
  }
}

export const foldOrder = (events: readonly OrderEvent[]): OrderState => events.reduce(evolve, initialOrderState());
