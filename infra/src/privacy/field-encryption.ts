import type { EventMetadata } from '@ot/contracts/events/event-envelope.ts';
import { decisionsOf, ERASED_CUSTOMER, type FieldDecision } from '@ot/contracts/privacy/personal-fields.ts';
import { open, seal } from './field-cipher.ts';

/**
 * How the event store keeps an event's personal values: taken out of its data and sealed together, once
 * per event, as `"$pii": "<customer id>.<base64 of iv|ciphertext|tag>"` beside the rest, the JSON of
 * `{ "<field>" | "<array>.<index>.<field>": value }`. A personal field absent from the stored data is
 * one of those (a null stays as it is: it says nothing of anyone).
 */
const MARK = '$pii';
type Sealed = { [MARK]: string };
type Fields = Record<string, unknown>;
const SUBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && typeof (value as Sealed)[MARK] === 'string';

/** The customer a sealed value belongs to; null for one not sealed by us. */
export function subjectOfSealed(value: unknown): string | null {
  if (!isSealed(value)) return null;
  const id = value[MARK].slice(0, value[MARK].indexOf('.'));
  return SUBJECT_ID.test(id) ? id : null;
}

const sealText = (subjectId: string, key: Buffer, value: unknown): string =>
  `${subjectId}.${seal(key, Buffer.from(JSON.stringify(value), 'utf8'), subjectId).toString('base64')}`;

export const sealValue = (subjectId: string, key: Buffer, value: unknown): Sealed => ({
  [MARK]: sealText(subjectId, key, value),
});

/** The value, or undefined when its key is gone or it does not open (then it reads as erased). */
function openValue(value: Sealed, keys: ReadonlyMap<string, Buffer | null>): { value: unknown } | undefined {
  // Only a customer id the keys were fetched for has a key: no need to check its form again.
  const subjectId = value[MARK].slice(0, value[MARK].indexOf('.'));
  const key = keys.get(subjectId);
  if (!key) return undefined;
  try {
    const text = open(key, Buffer.from(value[MARK].slice(subjectId.length + 1), 'base64'), subjectId);
    return { value: JSON.parse(text.toString('utf8')) };
  } catch {
    return undefined;
  }
}

type Personal = Extract<FieldDecision, { personal: true }>;

/** Calls `visit` for each personal field of `data` (and of each element of a decided array), with its path. */
function eachPersonal(
  data: Fields,
  decisions: Record<string, FieldDecision>,
  visit: (holder: Fields, field: string, path: string, decision: Personal) => void,
): void {
  for (const [field, decision] of Object.entries(decisions)) {
    if (decision === 'not-personal') continue;
    if ('personal' in decision) {
      visit(data, field, field, decision);
      continue;
    }
    const items = data[field];
    if (!Array.isArray(items)) continue;
    items.forEach((item, index) => {
      if (typeof item !== 'object' || item === null) return;
      for (const [inner, innerDecision] of Object.entries(decision.each)) {
        if (typeof innerDecision === 'object' && 'personal' in innerDecision)
          visit(item as Fields, inner, `${field}.${index}.${inner}`, innerDecision);
      }
    });
  }
}

/** A copy deep enough to change the fields `eachPersonal` visits (top level, and decided arrays' elements). */
function copyOf(data: Fields, decisions: Record<string, FieldDecision>): Fields {
  const copy: Fields = { ...data };
  for (const [field, decision] of Object.entries(decisions)) {
    const value = copy[field];
    if (typeof decision === 'object' && 'each' in decision && Array.isArray(value))
      copy[field] = value.map((item) => (typeof item === 'object' && item !== null ? { ...item } : item));
  }
  return copy;
}

/** The plain email of the field that says whose event this is (null: none in this event). */
export function identifyingEmail(type: string, data: unknown): string | null {
  const decisions = decisionsOf(type);
  if (!decisions || typeof data !== 'object' || data === null || MARK in data) return null;
  for (const [field, decision] of Object.entries(decisions)) {
    const value = (data as Fields)[field];
    if (typeof decision === 'object' && 'identifies' in decision && typeof value === 'string' && value.trim() !== '')
      return value;
  }
  return null;
}

/** Whether this event holds a personal value to seal (a null or absent one says nothing of anyone). */
export function hasPersonalValues(type: string, data: unknown): boolean {
  const decisions = decisionsOf(type);
  if (!decisions || typeof data !== 'object' || data === null || MARK in data) return false;
  let found = false;
  eachPersonal(data as Fields, decisions, (holder, field) => {
    if (holder[field] !== null && holder[field] !== undefined) found = true;
  });
  return found;
}

/** The event's data with its personal values sealed for this customer, in one envelope (sealed data stays). */
export function sealData(type: string, data: unknown, subjectId: string, key: Buffer): unknown {
  const decisions = decisionsOf(type);
  if (!decisions || typeof data !== 'object' || data === null || MARK in data) return data;
  const stored = copyOf(data as Fields, decisions);
  const values: Fields = {};
  eachPersonal(stored, decisions, (holder, field, path) => {
    const value = holder[field];
    if (value === null || value === undefined) return;
    values[path] = value;
    delete holder[field];
  });
  if (Object.keys(values).length === 0) return data;
  stored[MARK] = sealText(subjectId, key, values);
  return stored;
}

/** The customers whose keys open this event's data (and metadata). */
export function subjectsOf(_type: string, data: unknown, metadata: unknown, into: Set<string>): void {
  const actorSubject = subjectOfSealed((metadata as EventMetadata | undefined)?.actor?.name);
  if (actorSubject) into.add(actorSubject);
  const dataSubject = subjectOfSealed(data);
  if (dataSubject) into.add(dataSubject);
}

/** The event's data as it was written; with its key gone, each sealed field reads as its erased form. */
export function openData(type: string, data: unknown, keys: ReadonlyMap<string, Buffer | null>): unknown {
  const decisions = decisionsOf(type);
  if (!decisions || !isSealed(data)) return data;
  const opened = openValue(data, keys);
  const values = opened?.value;
  if (typeof values === 'object' && values !== null) return restored(data, values as Fields);
  const plain = copyOf(data, decisions);
  delete plain[MARK];
  eachPersonal(plain, decisions, (holder, field, _path, decision) => {
    if (field in holder) return; // stored as it is (a null)
    if (decision.erased !== undefined) holder[field] = decision.erased;
  });
  return plain;
}

/**
 * The stored data with its opened values put back by their paths, copying only the arrays and elements
 * they go into: a rebuild opens every event, and walking each type's decisions cost as much as the cipher.
 */
function restored(data: Sealed & Fields, values: Fields): Fields {
  const plain: Fields = {};
  for (const field in data) if (field !== MARK) plain[field] = data[field];
  const copied = new Set<unknown>();
  for (const [path, value] of Object.entries(values)) {
    const [field = path, index, inner] = path.split('.');
    if (inner === undefined) {
      plain[field] = value;
      continue;
    }
    const items = plain[field];
    if (!Array.isArray(items)) continue;
    const copy = copied.has(items) ? items : [...items];
    copied.add(copy);
    plain[field] = copy;
    const at = Number(index);
    const item = copy[at];
    if (typeof item !== 'object' || item === null) continue;
    const itemCopy = copied.has(item) ? (item as Fields) : { ...item };
    copied.add(itemCopy);
    itemCopy[inner] = value;
    copy[at] = itemCopy;
  }
  return plain;
}

/** A customer acting for themselves is named by their email: sealed like the data. */
export function sealMetadata<M>(metadata: M, subjectId: string, key: Buffer): M {
  const actor = (metadata as EventMetadata | undefined)?.actor;
  if (actor?.kind !== 'customer' || isSealed(actor.name)) return metadata;
  return { ...metadata, actor: { ...actor, name: sealValue(subjectId, key, actor.name) } } as M;
}

export function openMetadata<M>(metadata: M, keys: ReadonlyMap<string, Buffer | null>): M {
  const actor = (metadata as EventMetadata | undefined)?.actor;
  if (!actor || !isSealed(actor.name)) return metadata;
  const opened = openValue(actor.name, keys);
  return { ...metadata, actor: { ...actor, name: opened ? opened.value : ERASED_CUSTOMER } } as M;
}
