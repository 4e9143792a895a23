import type { Projection } from '../runtime/projection.ts';
import { customersProjection } from './customers/customers.projection.ts';
import { emailEventsProjection } from './email-events/email-events.projection.ts';
import { emailRetryQueueProjection } from './email-retry-queue/email-retry-queue.projection.ts';
import { itemStagesProjection } from './item-stages/item-stages.projection.ts';
import { orderTimelineProjection } from './order-timeline/order-timeline.projection.ts';
import { ordersProjection } from './orders/orders.projection.ts';

/** Applied in this order for each event: later projections may read what earlier ones wrote. */
export const projections: Projection[] = [
  ordersProjection,
  orderTimelineProjection,
  itemStagesProjection,
  customersProjection,
  emailEventsProjection,
  emailRetryQueueProjection,
];
