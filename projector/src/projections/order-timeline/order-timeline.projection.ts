import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import { type Projection, sql } from '../../runtime/projection.ts';
import { describeEvent } from './describe-event.ts';

/**
 * The spec's order_timeline: the event stream rendered for people. Item names are looked up in the
 * items read model at apply time (the orders projection runs first in the same transaction), so the
 * projection emits a single INSERT ... SELECT and stays a pure function of the event.
 */
const ITEM_NAME = '{item}';

export const orderTimelineProjection: Projection = {
  name: 'order-timeline',
  tables: ['rm.order_timeline'],
  project(event) {
    if (!event.stream.startsWith(orderStreamPrefix)) return [];
    const text = describeEvent(event, () => ITEM_NAME);
    const itemId = 'itemId' in event.data ? event.data.itemId : null;
    const actor = event.metadata.actor;
    return [
      sql(
        `insert into rm.order_timeline
           (id, order_number, version, status, timestamp, title, description, event_type, actor, customer_visible)
         values ($1, $2, $3, $4, $5,
                 replace($6, '${ITEM_NAME}', coalesce((select name from rm.order_items where id = $11), 'Item')),
                 $7, $8, $9, $10)`,
        event.id,
        event.stream.slice(orderStreamPrefix.length),
        event.version,
        text.status,
        event.metadata.occurredAt,
        text.title,
        text.description,
        event.type,
        actor.kind === 'admin' ? actor.name : actor.kind,
        text.customerVisible,
        itemId,
      ),
    ];
  },
};
