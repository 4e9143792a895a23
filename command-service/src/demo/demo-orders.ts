import type { ItemStatus, Manufacturer } from '@ot/contracts/orders/item-status.ts';
import type { PastStep } from './demo-history.ts';

export interface DemoItem {
  name: string;
  price: number;
  manufacturer: Manufacturer;
  status: ItemStatus;
  /** Days from today; null when the manufacturer has not given one yet. */
  etaInDays: number | null;
  /** When it entered each status; without it, a history is made up from its order's date. */
  history?: PastStep[];
}

export interface DemoOrder {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  city: string;
  zipCode: string;
  orderedDaysAgo: number;
  amountPaid: number;
  trackingNumber: string | null;
  customerNotes: string | null;
  fitterNotes: string | null;
  items: DemoItem[];
}

/** A handful of orders in every state a studio sees in a normal week. Money in pence. */
export const demoOrders: DemoOrder[] = [
  {
    customerName: 'Eleanor Whitcombe',
    customerEmail: 'eleanor.whitcombe@example.com',
    customerPhone: '07700 900123',
    city: 'St Andrews',
    zipCode: 'KY16 9AB',
    orderedDaysAgo: 2,
    amountPaid: 20_000,
    trackingNumber: null,
    customerNotes: 'Please keep the grips midsize on all clubs.',
    fitterNotes: 'Swing speed 96 mph; slight fade. Try 10.5° head with stiff shaft.',
    items: [
      { name: 'Driver', price: 52_900, manufacturer: 'Titleist', status: 'order_being_processed', etaInDays: null },
      {
        name: 'Fairway Wood',
        price: 32_900,
        manufacturer: 'Titleist',
        status: 'order_being_processed',
        etaInDays: null,
      },
    ],
  },
  {
    customerName: 'Rajesh Patel',
    customerEmail: 'rajesh.patel@example.com',
    customerPhone: '07700 900456',
    city: 'Leeds',
    zipCode: 'LS1 4AP',
    orderedDaysAgo: 12,
    amountPaid: 60_000,
    trackingNumber: null,
    customerNotes: null,
    fitterNotes: 'Upright 2°, +0.5" length. Steel shafts, regular flex.',
    items: [
      { name: 'Irons', price: 119_900, manufacturer: 'Mizuno', status: 'order_placed_with_manufacturer', etaInDays: 9 },
      {
        name: 'Wedges',
        price: 35_800,
        manufacturer: 'Cleveland',
        status: 'order_placed_with_manufacturer',
        etaInDays: 6,
      },
    ],
  },
  {
    customerName: 'Sophie McAllister',
    customerEmail: 'sophie.mcallister@example.com',
    customerPhone: '07700 900789',
    city: 'Edinburgh',
    zipCode: 'EH3 9QQ',
    orderedDaysAgo: 30,
    amountPaid: 35_000,
    trackingNumber: null,
    customerNotes: null,
    fitterNotes: 'Manufacturer delayed; chase Ping rep.',
    items: [
      { name: 'Hybrid', price: 27_900, manufacturer: 'Ping', status: 'order_placed_with_manufacturer', etaInDays: -4 },
    ],
  },
  {
    customerName: 'Tom Haverford',
    customerEmail: 'tom.haverford@example.com',
    customerPhone: '07700 900321',
    city: 'Bristol',
    zipCode: 'BS1 5TR',
    orderedDaysAgo: 21,
    amountPaid: 84_900,
    trackingNumber: null,
    customerNotes: 'Collection on a Saturday if possible.',
    fitterNotes: null,
    items: [
      {
        name: 'Driver',
        price: 49_900,
        manufacturer: 'TaylorMade',
        status: 'order_checked_ready_for_collection',
        etaInDays: -1,
      },
      {
        name: 'Utility Iron',
        price: 35_000,
        manufacturer: 'Srixon',
        status: 'order_arrived_awaiting_qc',
        etaInDays: 1,
      },
    ],
  },
  {
    customerName: 'Grace Okafor',
    customerEmail: 'grace.okafor@example.com',
    customerPhone: '07700 900654',
    city: 'London',
    zipCode: 'SW1A 1AA',
    orderedDaysAgo: 45,
    amountPaid: 149_800,
    trackingNumber: 'PB123456789GB',
    customerNotes: null,
    fitterNotes: null,
    items: [
      { name: 'Irons', price: 109_900, manufacturer: 'Callaway', status: 'order_collected_shipped', etaInDays: -10 },
      { name: 'Wedges', price: 39_900, manufacturer: 'Cobra', status: 'order_collected_shipped', etaInDays: -10 },
    ],
  },
  {
    customerName: 'Eleanor Whitcombe',
    customerEmail: 'eleanor.whitcombe@example.com',
    customerPhone: '07700 900123',
    city: 'St Andrews',
    zipCode: 'KY16 9AB',
    orderedDaysAgo: 90,
    amountPaid: 27_900,
    trackingNumber: 'PB987654321GB',
    customerNotes: null,
    fitterNotes: null,
    items: [
      { name: 'Wedges', price: 27_900, manufacturer: 'Titleist', status: 'order_collected_shipped', etaInDays: -70 },
    ],
  },
];
