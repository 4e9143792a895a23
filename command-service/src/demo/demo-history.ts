import { type ItemStatus, itemStatuses, type Manufacturer } from '@ot/contracts/orders/item-status.ts';
import type { DemoItem, DemoOrder } from './demo-orders.ts';

/** A step of an item's past: the status it entered, so many days ago (fractions are hours). */
export interface PastStep {
  status: ItemStatus;
  daysAgo: number;
}

/** Typical days in each stage before the next, per manufacturer (being processed, with the maker, QC, ready). */
const usualDays: Record<Manufacturer, [number, number, number, number]> = {
  Titleist: [2, 14, 2, 4],
  Mizuno: [2, 18, 2, 5],
  Srixon: [1, 12, 1, 3],
  TaylorMade: [3, 21, 2, 4],
  Cobra: [2, 11, 1, 3],
  Callaway: [2, 16, 2, 4],
  Ping: [1, 10, 1, 3],
  Cleveland: [2, 9, 1, 3],
};

/** A small seeded generator: the same demo history on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An item's steps from the day it was ordered, each stage as long as its manufacturer usually takes,
 * give or take, and one in eight with the manufacturer much longer: up to today, where it then stands.
 */
export function pastOf(manufacturer: Manufacturer, orderedDaysAgo: number, random: () => number): PastStep[] {
  const steps: PastStep[] = [{ status: 'order_being_processed', daysAgo: orderedDaysAgo }];
  let daysAgo = orderedDaysAgo;
  usualDays[manufacturer].forEach((usual, stage) => {
    const late = stage === 1 && random() < 0.125 ? 1.7 : 1;
    const days = Math.max(1, Math.round(usual * late * (0.75 + random() * 0.6)));
    const next = itemStatuses[stage + 1] as ItemStatus;
    if (daysAgo - days > 0 && steps.length === stage + 1) {
      daysAgo -= days;
      steps.push({ status: next, daysAgo });
    }
  });
  return steps;
}

/** What a manufacturer quotes when the item is placed: its usual time and a few days' margin. */
export const quotedEtaDays = (manufacturer: Manufacturer): number => usualDays[manufacturer][1] + 3;

const firstNames = [
  'Amelia',
  'Oliver',
  'Isla',
  'Harry',
  'Ava',
  'Jack',
  'Mia',
  'George',
  'Freya',
  'Noah',
  'Ella',
  'Leo',
];
const lastNames = ['Campbell', 'Hughes', 'Fraser', 'Morgan', 'Reid', 'Clarke', 'Bennett', 'Doyle', 'Hart', 'Lloyd'];
const cities = [
  ['Glasgow', 'G1 1XQ'],
  ['Manchester', 'M1 1AE'],
  ['Cardiff', 'CF10 1EP'],
  ['York', 'YO1 7HH'],
  ['Belfast', 'BT1 5GS'],
] as const;
const makers: Manufacturer[] = ['Mizuno', 'Titleist', 'Ping', 'TaylorMade', 'Callaway', 'Srixon'];
const kinds: [DemoItem['name'], number][] = [
  ['Driver', 49_900],
  ['Irons', 109_900],
  ['Wedges', 35_900],
  ['Hybrid', 27_900],
  ['Fairway Wood', 32_900],
];

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)] as T;

/** A year of orders, a few a week, with their items' pasts: the history lead times and insights are drawn from. */
export function yearOfOrders(count: number, random: () => number): DemoOrder[] {
  return Array.from({ length: count }, (_, index) => {
    const first = pick(firstNames, random);
    const last = pick(lastNames, random);
    const [city, zipCode] = pick(cities, random);
    const orderedDaysAgo = 8 + Math.floor(((count - index) / count) * 355);
    const items = Array.from({ length: random() < 0.3 ? 2 : 1 }, () => {
      const [name, price] = pick(kinds, random);
      const manufacturer = pick(makers, random);
      const history = pastOf(manufacturer, orderedDaysAgo, random);
      const placed = history[1];
      return {
        name,
        price,
        manufacturer,
        status: (history.at(-1) as PastStep).status,
        etaInDays: placed ? quotedEtaDays(manufacturer) - placed.daysAgo : null,
        history,
      } satisfies DemoItem;
    });
    return {
      customerName: `${first} ${last}`,
      customerEmail: `${first}.${last}.${index + 1}@example.com`.toLowerCase(),
      customerPhone: `07700 9${String(10_000 + index).slice(-5)}`,
      city,
      zipCode,
      orderedDaysAgo,
      amountPaid: items.reduce((sum, item) => sum + item.price, 0),
      trackingNumber: null,
      customerNotes: null,
      fitterNotes: null,
      items,
    };
  });
}

/**
 * The steps that bring an item ordered `orderedDaysAgo` to `status`, each stage its manufacturer's usual
 * length, squeezed to fit when the order is younger than that.
 */
export function pastReaching(status: ItemStatus, manufacturer: Manufacturer, orderedDaysAgo: number): PastStep[] {
  const stagesDone = itemStatuses.indexOf(status);
  const lengths = usualDays[manufacturer].slice(0, stagesDone);
  const total = lengths.reduce((sum, days) => sum + days, 0);
  const scale = total > orderedDaysAgo - 0.5 ? (orderedDaysAgo - 0.5) / total : 1;
  const steps: PastStep[] = [{ status: 'order_being_processed', daysAgo: orderedDaysAgo }];
  let daysAgo = orderedDaysAgo;
  lengths.forEach((days, stage) => {
    daysAgo -= days * scale;
    steps.push({ status: itemStatuses[stage + 1] as ItemStatus, daysAgo });
  });
  return steps;
}
