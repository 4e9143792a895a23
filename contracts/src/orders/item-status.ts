export const itemStatuses = [
  'order_being_processed',
  'order_placed_with_manufacturer',
  'order_arrived_awaiting_qc',
  'order_checked_ready_for_collection',
  'order_collected_shipped',
] as const;
export type ItemStatus = (typeof itemStatuses)[number];

export const orderStatuses = [
  'order_being_processed',
  'order_placed_with_manufacturer',
  'order_arrived_awaiting_qc',
  'order_checked_ready_for_collection',
  'order_collected',
  'order_shipped',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Every status a screen may have to display: the five item statuses and the six order statuses. */
export type DisplayStatus = ItemStatus | OrderStatus;

interface StatusInfo {
  label: string;
  shortLabel: string;
  progress: number;
  nextStep: string;
}

const statusInfo: Record<DisplayStatus, StatusInfo> = {
  order_being_processed: {
    label: 'Order Being Processed',
    shortLabel: 'Processing',
    progress: 20,
    nextStep: 'Your order is being processed and will be sent to the manufacturer shortly.',
  },
  order_placed_with_manufacturer: {
    label: 'Order Placed With Manufacturer',
    shortLabel: 'With Manufacturer',
    progress: 40,
    nextStep: 'Waiting for the manufacturer to build your club and ship it to the studio.',
  },
  order_arrived_awaiting_qc: {
    label: 'Order Arrived at EP - Awaiting Quality Checks',
    shortLabel: 'Quality Check',
    progress: 70,
    nextStep: 'Your club has arrived at the studio and is going through quality checks.',
  },
  order_checked_ready_for_collection: {
    label: 'Order Checked & Ready For Collection',
    shortLabel: 'Ready for Collection',
    progress: 90,
    nextStep: 'Your order is ready. Contact the studio to arrange collection or shipping.',
  },
  order_collected_shipped: {
    label: 'Order Collected/Shipped',
    shortLabel: 'Collected/Shipped',
    progress: 100,
    nextStep: 'Your order is complete. Enjoy your new clubs!',
  },
  order_collected: {
    label: 'Order Collected',
    shortLabel: 'Collected',
    progress: 100,
    nextStep: 'Your order is complete. Enjoy your new clubs!',
  },
  order_shipped: {
    label: 'Order Shipped',
    shortLabel: 'Shipped',
    progress: 100,
    nextStep: 'Your order is complete. Enjoy your new clubs!',
  },
};

const unknown: StatusInfo = { label: 'Unknown Status', shortLabel: 'Unknown Status', progress: 0, nextStep: '' };

function info(status: string | null | undefined): StatusInfo {
  return status && Object.hasOwn(statusInfo, status) ? statusInfo[status as DisplayStatus] : unknown;
}

export const statusLabel = (status: string | null | undefined): string => info(status).label;
export const statusShortLabel = (status: string | null | undefined): string => info(status).shortLabel;
export const statusProgress = (status: string | null | undefined): number => info(status).progress;
export const statusNextStep = (status: string | null | undefined): string => info(status).nextStep;

/** Rank 1..5 of an item status; the admin table's order status is the least advanced item. */
export function itemStatusRank(status: ItemStatus): number {
  return itemStatuses.indexOf(status) + 1;
}

export const manufacturers = [
  'Titleist',
  'Mizuno',
  'Srixon',
  'TaylorMade',
  'Cobra',
  'Callaway',
  'Ping',
  'Cleveland',
] as const;
export type Manufacturer = (typeof manufacturers)[number];

export const itemTypes = ['Driver', 'Fairway Wood', 'Hybrid', 'Utility Iron', 'Irons', 'Wedges'] as const;
