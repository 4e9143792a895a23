import { orderPayload } from './stack.ts';

/** The day the radar's tests live on (the services' clock). */
export const RADAR_NOW = new Date('2026-06-15T12:00:00.000Z');
export const daysAgo = (days: number) => new Date(RADAR_NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

/** An order of one Irons placed with Mizuno `placedAgo` days ago (processed the day before); `extra` on the item. */
export const placedIronsOrder = (orderNumber: string, placedAgo: number, extra: Record<string, unknown> = {}) =>
  orderPayload({
    orderNumber,
    items: [
      {
        name: 'Irons',
        price: 99_900,
        quantity: 1,
        manufacturer: 'Mizuno',
        status: 'order_placed_with_manufacturer',
        statusHistory: [
          { status: 'order_being_processed', at: daysAgo(placedAgo + 1) },
          { status: 'order_placed_with_manufacturer', at: daysAgo(placedAgo) },
        ],
        ...extra,
      },
    ],
  });
