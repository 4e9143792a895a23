import type { Stage } from './stages.ts';

/** How many items of a group left a stage after a number of whole days. */
export interface Bucket {
  days: number;
  count: number;
}

/** Items that left a stage, counted per manufacturer, item type and whole days (what the read model gives). */
export interface SpanCount extends Bucket {
  manufacturer: string | null;
  itemType: string;
  stage: Stage;
}

export interface LeadTime {
  count: number;
  medianDays: number;
  p80Days: number;
}

/** Where a group's figures come from when it has too few items of its own. */
export type Fallback = 'manufacturer' | 'studio' | null;

export interface LeadTimeGroup extends LeadTime {
  manufacturer: string | null;
  itemType: string;
  stage: Stage;
  fallback: Fallback;
}

/** Fewer items than this and a group borrows its manufacturer's figures, then the whole studio's. */
export const MIN_SAMPLES = 5;

/**
 * The p-th percentile (0..1) of the values the buckets hold, interpolated between the two nearest
 * ranks (as PostgreSQL's percentile_cont and a spreadsheet's PERCENTILE.INC do). NaN when empty.
 */
export function percentile(buckets: readonly Bucket[], p: number): number {
  const sorted = [...buckets].filter((b) => b.count > 0).sort((a, b) => a.days - b.days);
  const total = sorted.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return Number.NaN;
  const rank = p * (total - 1);
  const valueAt = (index: number): number => {
    let seen = 0;
    for (const bucket of sorted) {
      seen += bucket.count;
      if (index < seen) return bucket.days;
    }
    return (sorted.at(-1) as Bucket).days;
  };
  const lower = Math.floor(rank);
  const low = valueAt(lower);
  return low + (valueAt(Math.ceil(rank)) - low) * (rank - lower);
}

const roundTenth = (value: number): number => Math.round(value * 10) / 10;

export function summarise(buckets: readonly Bucket[]): LeadTime {
  return {
    count: buckets.reduce((sum, b) => sum + b.count, 0),
    medianDays: roundTenth(percentile(buckets, 0.5)),
    p80Days: roundTenth(percentile(buckets, 0.8)),
  };
}

/** What a prediction uses for one item: its own group's figures, or the fallback's. */
export interface Usual extends LeadTime {
  fallback: Fallback;
}

export interface LeadTimes {
  groups: LeadTimeGroup[];
  /** The figures for an item of this manufacturer and type in this stage, or null when the studio has none. */
  usual(manufacturer: string | null, itemType: string, stage: Stage): Usual | null;
}

// Manufacturer and item type are never empty, so a null joins as '' without meeting a real name.
const key = (...parts: (string | null)[]) => parts.map((part) => part ?? '').join('\u0001');

function addTo(map: Map<string, Bucket[]>, k: string, bucket: Bucket): void {
  const list = map.get(k);
  if (list) list.push(bucket);
  else map.set(k, [bucket]);
}

/**
 * Lead times per manufacturer, item type and stage from the counted spans. A group with fewer than
 * MIN_SAMPLES items takes its manufacturer's figures for that stage, else the studio's, and says so.
 */
export function leadTimes(spans: readonly SpanCount[]): LeadTimes {
  const byGroup = new Map<string, Bucket[]>();
  const byManufacturer = new Map<string, Bucket[]>();
  const byStudio = new Map<string, Bucket[]>();
  const groupNames = new Map<string, { manufacturer: string | null; itemType: string; stage: Stage }>();
  for (const span of spans) {
    const bucket = { days: span.days, count: span.count };
    groupNames.set(key(span.manufacturer, span.itemType, span.stage), span);
    addTo(byGroup, key(span.manufacturer, span.itemType, span.stage), bucket);
    addTo(byManufacturer, key(span.manufacturer, span.stage), bucket);
    addTo(byStudio, key(span.stage), bucket);
  }
  const summed = (map: Map<string, Bucket[]>) =>
    new Map([...map].map(([k, buckets]) => [k, summarise(buckets)] as const));
  const [groupTimes, makerTimes, studioTimes] = [summed(byGroup), summed(byManufacturer), summed(byStudio)];
  // Asked for several times per open item, for thousands of items a request: each answer is kept.
  const answers = new Map<string, Usual | null>();
  const usual = (manufacturer: string | null, itemType: string, stage: Stage): Usual | null => {
    const asked = key(manufacturer, itemType, stage);
    let answer = answers.get(asked);
    if (answer === undefined) {
      answer = figuresFor(manufacturer, itemType, stage);
      answers.set(asked, answer);
    }
    return answer;
  };
  const figuresFor = (manufacturer: string | null, itemType: string, stage: Stage): Usual | null => {
    const own = groupTimes.get(key(manufacturer, itemType, stage));
    if (own && own.count >= MIN_SAMPLES) return { ...own, fallback: null };
    const maker = manufacturer === null ? undefined : makerTimes.get(key(manufacturer, stage));
    if (maker && maker.count >= MIN_SAMPLES) return { ...maker, count: own?.count ?? 0, fallback: 'manufacturer' };
    const studio = studioTimes.get(key(stage));
    return studio ? { ...studio, count: own?.count ?? 0, fallback: 'studio' } : null;
  };
  const groups = [...groupNames.values()].map(({ manufacturer, itemType, stage }) => ({
    manufacturer,
    itemType,
    stage,
    ...(usual(manufacturer, itemType, stage) as Usual),
  }));
  return { groups, usual };
}
