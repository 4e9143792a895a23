import { type ItemStatus, itemTypes } from '../orders/item-status.ts';

/**
 * The four stages an item passes through, each named by the status it is in and the one that ends it:
 * a lead time is how long an item stayed in `status` before it moved on to a later one.
 */
export const stages = [
  { stage: 'processed -> placed', status: 'order_being_processed' },
  { stage: 'placed -> arrived', status: 'order_placed_with_manufacturer' },
  { stage: 'arrived -> checked', status: 'order_arrived_awaiting_qc' },
  { stage: 'checked -> collected/shipped', status: 'order_checked_ready_for_collection' },
] as const satisfies readonly { stage: string; status: ItemStatus }[];

export type Stage = (typeof stages)[number]['stage'];
export const stageNames = stages.map((s) => s.stage) as [Stage, ...Stage[]];

export const stageOfStatus = (status: string): Stage | null => stages.find((s) => s.status === status)?.stage ?? null;

/** The stages still ahead of an item in `status` before it is ready for collection (its own stage first). */
export function stagesUntilReady(status: ItemStatus): Stage[] {
  const index = stages.findIndex((s) => s.status === status);
  return index < 0 ? [] : stages.slice(index, 3).map((s) => s.stage);
}

/** Ready for collection: checked, or already collected or shipped. */
export const isReadyStatus = (status: string): boolean =>
  status === 'order_checked_ready_for_collection' || status === 'order_collected_shipped';

// Longest first, so "Utility Iron" wins over a bare "Iron" and "Fairway Wood" over "Wood".
const containedTypes = [...itemTypes]
  .sort((a, b) => b.length - a.length)
  .map((type) => ({ type, word: new RegExp(`\\b${type.toLowerCase()}\\b`) }));

/**
 * An item's type for its lead times: the spec's item type its name is or contains (the add-order form
 * names items by type; an import may say "TSR3 Driver"), else its name as given.
 */
export function itemTypeOf(name: string): string {
  let type = typesByName.get(name);
  if (type === undefined) {
    if (typesByName.size >= 10_000) typesByName.clear();
    const lower = name.trim().toLowerCase();
    const exact = itemTypes.find((known) => known.toLowerCase() === lower);
    type = exact ?? containedTypes.find(({ word }) => word.test(lower))?.type ?? (name.trim() || 'Item');
    typesByName.set(name, type);
  }
  return type;
}

/** Item names repeat (most are the spec's item types), and a rebuild or the attention list asks for each: kept. */
const typesByName = new Map<string, string>();
