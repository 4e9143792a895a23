import { type DeliveryState, evolve as evolveDelivery, parseEmailEvent } from '../email/email-events.ts';
import type { RecordedEvent } from '../events/event-envelope.ts';
import { orderStreamPrefix, parseOrderEvent } from '../orders/order-events.ts';
import { isOrderComplete } from '../orders/order-rules.ts';
import { evolve, initialOrderState, type Order, type OrderState } from '../orders/order-state.ts';
import type { OrderViewMeta } from '../orders/to-order-view.ts';
import { parsePushEvent, pushStreamPrefix } from '../push/push-events.ts';

/** One field an event changed, named as a path: `status`, `shippingAddress.city`, `items[<itemId>].status`, `emails[<id>].status`. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export const emailStreamPrefix = 'email-';
export const emailStream = (notificationId: string): string => `${emailStreamPrefix}${notificationId}`;

/** An order's fields as paths to plain values, so two states compare field by field. */
export function flattenOrder(order: OrderState): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  if (!order) return fields;
  const put = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) put(`${prefix}.${key}`, inner);
    } else fields.set(prefix, value ?? null);
  };
  for (const [key, value] of Object.entries(order)) {
    if (key === 'items') continue;
    put(key, value);
  }
  for (const item of order.items) {
    for (const [key, value] of Object.entries(item)) {
      if (key !== 'id') put(`items[${item.id}].${key}`, value);
    }
  }
  return fields;
}

/** The fields that differ between two states, in the order of the later one (removed fields last). */
export function diffFields(before: Map<string, unknown>, after: Map<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  for (const [field, value] of after) {
    const old = before.has(field) ? before.get(field) : null;
    if (!same(old, value)) changes.push({ field, before: old ?? null, after: value ?? null });
  }
  for (const [field, old] of before) {
    if (!after.has(field) && !same(old, null)) changes.push({ field, before: old, after: null });
  }
  return changes;
}

/** What an auditor's fold of an order's history holds: the order, and where each of its emails stands. */
export interface HistoryState {
  order: OrderState;
  emails: Map<string, DeliveryState>;
  /** Where each push message to a device stands: sent, retrying or failed. */
  pushes: Map<string, string>;
}

export const initialHistoryState = (): HistoryState => ({
  order: initialOrderState(),
  emails: new Map(),
  pushes: new Map(),
});

/**
 * One event of an order's history (its own stream or one of its emails' streams) applied to the state,
 * with the fields it changed. Events of unknown types change nothing (and are still listed).
 */
export function applyHistoryEvent(
  state: HistoryState,
  event: RecordedEvent,
): { state: HistoryState; changes: FieldChange[] } {
  if (event.stream.startsWith(orderStreamPrefix)) {
    const parsed = safely(() => parseOrderEvent(event));
    if (!parsed) return { state, changes: [] };
    const order = evolve(state.order, parsed);
    const changes = diffFields(flattenOrder(state.order), flattenOrder(order));
    if (parsed.type === 'CustomerNotificationRequested') {
      return withEmail({ ...state, order }, parsed.data.notificationId, 'pending', changes);
    }
    return { state: { ...state, order }, changes };
  }
  if (event.stream.startsWith(emailStreamPrefix)) {
    const parsed = safely(() => parseEmailEvent(event));
    if (!parsed) return { state, changes: [] };
    const id = parsed.data.notificationId;
    return withEmail(state, id, evolveDelivery(state.emails.get(id) ?? 'unrecorded', parsed), []);
  }
  if (event.stream.startsWith(pushStreamPrefix)) return applyPushEvent(state, event);
  return { state, changes: [] };
}

/** A push outcome: the message's new standing and, when it failed, why (what staff look for). */
function applyPushEvent(state: HistoryState, event: RecordedEvent): { state: HistoryState; changes: FieldChange[] } {
  const parsed = safely(() => parsePushEvent(event));
  // A staff device's request names no order: never on an order's history.
  if (!parsed || parsed.type === 'AttentionPushRequested') return { state, changes: [] };
  const id = parsed.data.pushId;
  const status = parsed.type === 'PushSent' ? 'sent' : parsed.data.nextAttemptAt ? 'retrying' : 'failed';
  const before = state.pushes.get(id) ?? null;
  const changes: FieldChange[] = before === status ? [] : [{ field: `pushes[${id}].status`, before, after: status }];
  if (parsed.type === 'PushDeliveryFailed') {
    const removed = parsed.data.subscriptionRemoved ? ' The subscription was removed.' : '';
    changes.push({ field: `pushes[${id}].error`, before: null, after: `${parsed.data.error}${removed}` });
  }
  return { state: { ...state, pushes: new Map(state.pushes).set(id, status) }, changes };
}

function withEmail(state: HistoryState, id: string, status: DeliveryState, changes: FieldChange[]) {
  const before = state.emails.get(id) ?? null;
  const emails = new Map(state.emails).set(id, status);
  const emailChanges = before === status ? [] : [{ field: `emails[${id}].status`, before, after: status }];
  return { state: { ...state, emails }, changes: [...changes, ...emailChanges] };
}

function safely<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** Each event with what it changed, folding the history (in global order) from the start. */
export function historyWithChanges<E extends RecordedEvent>(events: readonly E[]): (E & { changes: FieldChange[] })[] {
  let state = initialHistoryState();
  return events.map((event) => {
    const applied = applyHistoryEvent(state, event);
    state = applied.state;
    return { ...event, changes: applied.changes };
  });
}

/**
 * Where an as-of read stops: after stream version k, or after the last event that had happened by a
 * time. An event has happened from its `occurredAt` (the time the order's own `updatedAt` and the
 * History show) or, were the command's clock ahead, from when the store recorded it; taken as a running
 * maximum over the stream, so the events at or before a time are always a prefix of the stream.
 */
export type AsOf = { version: number } | { at: string };

/** When each event of a stream had happened, as `AsOf` defines it: never earlier than the one before. */
export function happenedAt(events: readonly (RecordedEvent & { recordedAt: string })[]): number[] {
  let latest = Number.NEGATIVE_INFINITY;
  return events.map((event) => {
    const occurred = Date.parse(event.metadata.occurredAt);
    const recorded = Date.parse(event.recordedAt);
    const own = Number.isNaN(occurred) ? recorded : Math.min(occurred, recorded);
    latest = Math.max(latest, own);
    return latest;
  });
}

/**
 * The order as it stood after the events of its stream up to `asOf`, folded with the deciders' own
 * `evolve`, with the meta a read model would have held then (the projector's rules: created and
 * updated at the events' times, delivered when every item became complete). Null when the order did
 * not exist yet, or when that version was never reached.
 */
export function orderAsOf(
  events: readonly (RecordedEvent & { recordedAt: string })[],
  asOf: AsOf,
): { order: Order; meta: OrderViewMeta } | null {
  const atMs = 'at' in asOf ? Date.parse(asOf.at) : Number.NaN;
  if ('version' in asOf && !events.some((event) => event.version === asOf.version)) return null;
  const times = happenedAt(events);
  let order: OrderState = initialOrderState();
  let meta: OrderViewMeta | null = null;
  for (const [index, event] of events.entries()) {
    if ('version' in asOf ? event.version > asOf.version : (times[index] ?? atMs) > atMs) break;
    const parsed = parseOrderEvent(event);
    if (!parsed) continue;
    order = evolve(order, parsed);
    if (!order) continue;
    const occurredAt = event.metadata.occurredAt;
    const complete = isOrderComplete(order.items);
    const previous = meta as OrderViewMeta | null;
    meta = {
      version: event.version,
      createdAt: previous?.createdAt ?? occurredAt,
      updatedAt: occurredAt,
      deliveredAt: complete ? (previous?.deliveredAt ?? occurredAt) : null,
    };
  }
  return order && meta ? { order, meta } : null;
}
