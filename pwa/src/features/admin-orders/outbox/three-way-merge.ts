/**
 * Three-way merge of an order edit, field by field. `base` is the order as the admin saw it
 * when they started editing, `current` the order on the server now, `mine` the queued change. A field
 * only one side changed takes that side's value; a field both sides changed to different values is a
 * conflict, for the admin to decide. Items are matched by id. Pure: no I/O, no clock.
 */
export interface ItemSnapshot {
  id: string;
  values: Record<string, string>;
}

/** The editable fields of one order as comparable strings ('' for none); addresses as `shippingAddress.city`. */
export interface OrderSnapshot {
  fields: Record<string, string>;
  items: ItemSnapshot[];
}

export interface FieldConflict {
  /** `customerName`, `shippingAddress.city`, or `items.<itemId>.status`. */
  path: string;
  base: string;
  yours: string;
  current: string;
}

export interface MergeResult {
  /** Both sides' changes; a conflicting field holds the server's value until the admin decides. */
  merged: OrderSnapshot;
  conflicts: FieldConflict[];
  /** Items the queued change edited that are no longer on the order: their changes cannot be applied. */
  removedItems: string[];
}

export type Choice = 'yours' | 'current';

const itemPath = (id: string, key: string) => `items.${id}.${key}`;

function mergeValues(
  path: string,
  base: Record<string, string>,
  current: Record<string, string>,
  mine: Record<string, string>,
  conflicts: FieldConflict[],
): Record<string, string> {
  const merged: Record<string, string> = {};
  const keys = new Set([...Object.keys(base), ...Object.keys(current), ...Object.keys(mine)]);
  for (const key of keys) {
    const was = base[key] ?? '';
    const theirs = current[key] ?? '';
    const yours = mine[key] ?? was;
    if (yours === was || yours === theirs) merged[key] = theirs;
    else if (theirs === was) merged[key] = yours;
    else {
      merged[key] = theirs;
      conflicts.push({ path: path ? itemPath(path, key) : key, base: was, yours, current: theirs });
    }
  }
  return merged;
}

export function threeWayMerge(base: OrderSnapshot, current: OrderSnapshot, mine: OrderSnapshot): MergeResult {
  const conflicts: FieldConflict[] = [];
  const fields = mergeValues('', base.fields, current.fields, mine.fields, conflicts);
  const baseItems = new Map(base.items.map((item) => [item.id, item.values]));
  const mineItems = new Map(mine.items.map((item) => [item.id, item.values]));
  const items = current.items.map((item) => {
    const was = baseItems.get(item.id);
    const yours = mineItems.get(item.id);
    // An item added on the server meanwhile: the queued change knows nothing of it.
    if (!was || !yours) return { id: item.id, values: { ...item.values } };
    return { id: item.id, values: mergeValues(item.id, was, item.values, yours, conflicts) };
  });
  const onServer = new Set(current.items.map((item) => item.id));
  const removedItems = mine.items
    .filter((item) => !onServer.has(item.id))
    .filter((item) => changedKeys(baseItems.get(item.id) ?? {}, item.values).length > 0)
    .map((item) => item.id);
  return { merged: { fields, items }, conflicts, removedItems };
}

/** The keys whose value differs between two records. */
export function changedKeys(from: Record<string, string>, to: Record<string, string>): string[] {
  return [...new Set([...Object.keys(from), ...Object.keys(to)])].filter(
    (key) => (from[key] ?? '') !== (to[key] ?? ''),
  );
}

/**
 * The admin's decisions folded into a merge: each conflicting field takes the side they chose. The
 * result, based on the order they decided against, is what gets sent.
 */
export function applyChoices(
  mine: OrderSnapshot,
  conflicts: readonly FieldConflict[],
  choices: Record<string, Choice>,
): OrderSnapshot {
  const fields = { ...mine.fields };
  const items = mine.items.map((item) => ({ id: item.id, values: { ...item.values } }));
  for (const conflict of conflicts) {
    const value = choices[conflict.path] === 'current' ? conflict.current : conflict.yours;
    const match = /^items\.([^.]+)\.(.+)$/.exec(conflict.path);
    if (!match) fields[conflict.path] = value;
    else {
      const item = items.find((candidate) => candidate.id === match[1]);
      if (item) item.values[match[2] ?? ''] = value;
    }
  }
  return { fields, items };
}
