import type { EventMetadata } from '@ot/contracts/events/event-envelope.ts';
import { decisionsOf, ERASED_CUSTOMER, type FieldDecision } from '@ot/contracts/privacy/personal-fields.ts';
import { open, seal } from './field-cipher.ts';

/**
 * A personal value as the event store keeps it: `{"$pii": "<customer id>.<base64 of iv|ciphertext|tag>"}`,
 * the JSON of the value sealed with that customer's data key.
 */
const MARK = '$pii';
type Sealed = { [MARK]: string };
const SUBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && typeof (value as Sealed)[MARK] === 'string';

/** The customer a sealed value belongs to; null for one not sealed by us. */
export function subjectOfSealed(value: unknown): string | null {
  if (!isSealed(value)) return null;
  const id = value[MARK].slice(0, value[MARK].indexOf('.'));
  return SUBJECT_ID.test(id) ? id : null;
}

export function sealValue(subjectId: string, key: Buffer, value: unknown): Sealed {
  const sealed = seal(key, Buffer.from(JSON.stringify(value), 'utf8'), subjectId);
  return { [MARK]: `${subjectId}.${sealed.toString('base64')}` };
}

/** The value, or undefined when its key is gone or it does not open (then it reads as erased). */
function openValue(value: Sealed, keys: ReadonlyMap<string, Buffer | null>): { value: unknown } | undefined {
  const subjectId = subjectOfSealed(value);
  const key = subjectId ? keys.get(subjectId) : null;
  if (!subjectId || !key) return undefined;
  try {
    const text = open(key, Buffer.from(value[MARK].slice(subjectId.length + 1), 'base64'), subjectId);
    return { value: JSON.parse(text.toString('utf8')) };
  } catch {
    return undefined;
  }
}

type Fields = Record<string, unknown>;
type Visit = (value: unknown, decision: Exclude<FieldDecision, 'not-personal' | { each: unknown }>) => unknown;

/** A copy of `data` with each personal field replaced by `visit`'s answer (undefined: left out). */
function mapPersonal(data: Fields, decisions: Record<string, FieldDecision>, visit: Visit): Fields {
  const result: Fields = { ...data };
  for (const [field, decision] of Object.entries(decisions)) {
    if (decision === 'not-personal' || !(field in data)) continue;
    const value = data[field];
    if ('each' in decision) {
      if (Array.isArray(value)) {
        result[field] = value.map((item) =>
          typeof item === 'object' && item !== null ? mapPersonal(item as Fields, decision.each, visit) : item,
        );
      }
      continue;
    }
    const mapped = visit(value, decision);
    if (mapped === undefined) delete result[field];
    else result[field] = mapped;
  }
  return result;
}

/** The plain email of the field that says whose event this is (null: none in this event). */
export function identifyingEmail(type: string, data: unknown): string | null {
  const decisions = decisionsOf(type);
  if (!decisions || typeof data !== 'object' || data === null) return null;
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
  if (!decisions || typeof data !== 'object' || data === null) return false;
  let found = false;
  mapPersonal(data as Fields, decisions, (value) => {
    if (value !== null && value !== undefined && !isSealed(value)) found = true;
    return value;
  });
  return found;
}

/** The event's data with every personal value sealed for this customer (values sealed already stay). */
export function sealData(type: string, data: unknown, subjectId: string, key: Buffer): unknown {
  const decisions = decisionsOf(type);
  if (!decisions || typeof data !== 'object' || data === null) return data;
  return mapPersonal(data as Fields, decisions, (value) =>
    value === null || value === undefined || isSealed(value) ? value : sealValue(subjectId, key, value),
  );
}

/** The customers whose keys open this event's data (and metadata). */
export function subjectsOf(type: string, data: unknown, metadata: unknown, into: Set<string>): void {
  const name = (metadata as EventMetadata | undefined)?.actor?.name;
  const actorSubject = subjectOfSealed(name);
  if (actorSubject) into.add(actorSubject);
  const decisions = decisionsOf(type);
  if (!decisions || typeof data !== 'object' || data === null) return;
  mapPersonal(data as Fields, decisions, (value) => {
    const subject = subjectOfSealed(value);
    if (subject) into.add(subject);
    return value;
  });
}

/** The event's data as it was written, each value whose key is gone read as its erased form. */
export function openData(type: string, data: unknown, keys: ReadonlyMap<string, Buffer | null>): unknown {
  const decisions = decisionsOf(type);
  if (!decisions || typeof data !== 'object' || data === null) return data;
  return mapPersonal(data as Fields, decisions, (value, decision) => {
    if (!isSealed(value)) return value;
    const opened = openValue(value, keys);
    return opened ? opened.value : decision.erased;
  });
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
