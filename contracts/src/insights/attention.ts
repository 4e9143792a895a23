import { type ItemStatus, statusLabel } from '../orders/item-status.ts';
import { isOverdue } from '../orders/order-rules.ts';
import type { LeadTimes, Usual } from './lead-times.ts';
import { type Stage, stageOfStatus, stagesUntilReady } from './stages.ts';
import { addDays, daysFrom, formatDay } from './studio-dates.ts';

export const attentionFlags = ['overdue', 'trending_late', 'stuck', 'missing_eta'] as const;
export type AttentionFlag = (typeof attentionFlags)[number];

/** Each flag in the studio's words (the attention list, a staff device's push). */
export const attentionFlagLabels = {
  overdue: 'Overdue',
  trending_late: 'Trending late',
  stuck: 'Stuck',
  missing_eta: 'Missing ETA',
} as const satisfies Record<AttentionFlag, string>;

/** An open item as the read model knows it; dates are studio-local calendar days. */
export interface OpenItem {
  status: ItemStatus;
  manufacturer: string | null;
  itemType: string;
  /** The item's ETA, else its order's own. */
  estimatedDelivery: string | null;
  /** The day it entered its current status. */
  enteredOn: string;
  /** The day anything about it last changed. */
  lastChangeOn: string;
}

export interface AttentionRules {
  today: string;
  /** No change for this many days on an open item makes it stuck (STUCK_AFTER_DAYS). */
  stuckAfterDays: number;
}

/** Placed with the manufacturer longer than this with no ETA: somebody should ask for one. */
export const MISSING_ETA_AFTER_DAYS = 3;

export interface Prediction {
  /** When its current stage should end (median), never before today. */
  stageEnd: string | null;
  /** When it should be ready for collection: the median of this stage and those after it. */
  readyBy: string | null;
  /** The same with each stage's 80th percentile. */
  likelyBy: string | null;
}

export interface Flagged {
  flag: AttentionFlag;
  reason: string;
}

const days = (n: number) => {
  const shown = Math.round(n * 10) / 10;
  return `${shown} day${shown === 1 ? '' : 's'}`;
};
const number = (n: number) => String(Math.round(n * 10) / 10);

/** The day a stage begun on `start` ends by its figures, or today when that has passed. */
const endOf = (start: string, length: number, today: string): string => {
  const end = addDays(start, length);
  return end < today ? today : end;
};

/** When an item should be ready for collection (median) and likely by (80th percentile); null without figures for its stage. */
export function predict(item: OpenItem, times: LeadTimes, today: string): Prediction {
  const ahead = stagesUntilReady(item.status);
  const figures = ahead.map((stage) => times.usual(item.manufacturer, item.itemType, stage));
  const own = stageOfStatus(item.status);
  const ownFigures = own ? times.usual(item.manufacturer, item.itemType, own) : null;
  const stageEnd = ownFigures ? endOf(item.enteredOn, ownFigures.medianDays, today) : null;
  if (item.status === 'order_checked_ready_for_collection' || item.status === 'order_collected_shipped') {
    return { stageEnd, readyBy: item.enteredOn, likelyBy: item.enteredOn };
  }
  // No basis without figures for the stage it is in; a later stage the studio has no history of counts as no time.
  if (!ownFigures) return { stageEnd, readyBy: null, likelyBy: null };
  const later = figures.slice(1);
  const chain = (pick: (f: Usual) => number) =>
    later.reduce((day, f) => (f ? addDays(day, pick(f)) : day), endOf(item.enteredOn, pick(ownFigures), today));
  return { stageEnd, readyBy: chain((f) => f.medianDays), likelyBy: chain((f) => f.p80Days) };
}

const sayWho = (item: OpenItem, usual: Usual): string => {
  if (usual.fallback === 'studio' || item.manufacturer === null) return `${item.itemType} items across the studio`;
  if (usual.fallback === 'manufacturer') return `${item.manufacturer} items`;
  return `${item.manufacturer} ${item.itemType}`;
};

const stageSentences: Record<
  Exclude<Stage, 'checked -> collected/shipped'>,
  (who: string, item: OpenItem) => [string, string]
> = {
  'processed -> placed': (who) => [`${who} are usually placed with the manufacturer in`, 'this one has been waiting'],
  'placed -> arrived': (who, item) => [
    `${who} usually arrive in`,
    `this one has been with ${item.manufacturer ?? 'the manufacturer'}`,
  ],
  'arrived -> checked': (who) => [`${who} usually pass quality checks in`, 'this one has been in quality checks'],
};

/** "Mizuno Irons usually arrive in 18 days, 80% within 24; this one has been with Mizuno 27 days". */
export function usualReason(item: OpenItem, stage: Stage, usual: Usual, inStage: number): string | null {
  if (stage === 'checked -> collected/shipped') return null;
  const [usually, thisOne] = stageSentences[stage](sayWho(item, usual), item);
  return `${usually} ${days(usual.medianDays)}, 80% within ${number(usual.p80Days)}; ${thisOne} ${days(inStage)}`;
}

/** Each flag an open item earns today, most pressing first, each with its reason in words. */
export function flagsFor(
  item: OpenItem,
  times: LeadTimes,
  rules: AttentionRules,
  prediction: Prediction = predict(item, times, rules.today),
): Flagged[] {
  const { today } = rules;
  if (item.status === 'order_collected_shipped') return [];
  const inStage = daysFrom(item.enteredOn, today);
  const stage = stageOfStatus(item.status);
  const usual = stage ? times.usual(item.manufacturer, item.itemType, stage) : null;
  const flags: Flagged[] = [];
  const placed = item.status === 'order_placed_with_manufacturer';
  const eta = item.estimatedDelivery;
  const withMaker = item.manufacturer ?? 'the manufacturer';
  const overdue = isOverdue({ complete: false, adminStatus: item.status, eta }, today);
  if (overdue && eta) {
    const late = daysFrom(eta.slice(0, 10), today);
    flags.push({
      flag: 'overdue',
      reason: `ETA ${formatDay(eta)} passed ${days(late)} ago; with ${withMaker} ${days(inStage)}`,
    });
  }
  const because = stage && usual ? usualReason(item, stage, usual, inStage) : null;
  if (because && usual && !overdue) {
    const readyBy = eta ? prediction.readyBy : null;
    if (eta && readyBy && readyBy > eta.slice(0, 10)) {
      flags.push({
        flag: 'trending_late',
        reason: `Likely ready ${formatDay(readyBy)}, after its ETA of ${formatDay(eta)}: ${because}`,
      });
    } else if (!eta && inStage > usual.p80Days) {
      flags.push({ flag: 'trending_late', reason: because });
    }
  }
  const unchanged = daysFrom(item.lastChangeOn, today);
  if (unchanged >= rules.stuckAfterDays) {
    flags.push({ flag: 'stuck', reason: `No change for ${days(unchanged)} (${statusLabel(item.status)})` });
  }
  if (placed && !eta && inStage > MISSING_ETA_AFTER_DAYS) {
    flags.push({ flag: 'missing_eta', reason: `Placed with ${withMaker} ${days(inStage)} ago and still no ETA` });
  }
  return flags;
}
