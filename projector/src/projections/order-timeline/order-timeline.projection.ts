import { timelineText } from '@ot/contracts/events/event-labels.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import type { Projection } from '../../runtime/projection.ts';

/**
 * order_timeline: the event stream rendered for people. Item names come from the items
 * read model as it stands when the event is applied (the orders projection runs first).
 */
export const orderTimelineProjection: Projection = {
  name: 'order-timeline',
  tables: [{ name: 'order_timeline', key: 'id', insertOnly: true }],
  needs(event) {
    if (!event.stream.startsWith(orderStreamPrefix) || !('itemId' in event.data)) return [];
    return [{ table: 'order_items', key: event.data.itemId }];
  },
  project(event, view) {
    if (!event.stream.startsWith(orderStreamPrefix)) return [];
    const text = timelineText(
      event,
      (itemId) => (view.get('order_items', itemId)?.name as string | undefined) ?? 'Item',
    );
    const actor = event.metadata.actor;
    const row = {
      id: event.id,
      order_number: event.stream.slice(orderStreamPrefix.length),
      version: event.version,
      status: text.status,
      timestamp: event.metadata.occurredAt,
      title: text.title,
      description: text.description,
      event_type: event.type,
      actor: actor.kind === 'admin' ? actor.name : actor.kind,
      customer_visible: text.customerVisible,
    };
    return [{ table: 'order_timeline', key: event.id, row }];
  },
};
