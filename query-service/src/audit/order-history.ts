import { emailStream, emailStreamPrefix } from '@ot/contracts/audit/order-history.ts';
import { orderNotFound } from '@ot/contracts/errors/domain-errors.ts';
import { orderStream } from '@ot/contracts/orders/order-events.ts';
import { pushStreamPrefix } from '@ot/contracts/push/push-events.ts';
import type { AuditedEvent, EventStore } from '@ot/infra/event-store/event-store.ts';
import type { QueryServiceDeps } from '../deps.ts';

export const collect = async <T>(source: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
};

const readOrderStream = (store: EventStore, orderNumber: string) =>
  collect(store.readAudited({ streams: [orderStream(orderNumber)] }));

/**
 * An order's own stream, read from the event store (never the read models), by its number as typed
 * or in upper case (order numbers are stored upper case, and may be typed in any): 404 when none.
 */
export async function readOrderEvents(
  deps: Pick<QueryServiceDeps, 'store'>,
  typed: string,
): Promise<{ orderNumber: string; events: AuditedEvent[] }> {
  const number = typed.trim();
  if (!number || number.length > 100) throw orderNotFound();
  for (const candidate of new Set([number, number.toUpperCase()])) {
    const events = await readOrderStream(deps.store, candidate);
    if (events.length > 0) return { orderNumber: candidate, events };
  }
  throw orderNotFound();
}

/**
 * Every stream of an order's history, found from the events alone: its own, the streams of the emails
 * its events requested (named by their notification id), and the emails that live apart but name the
 * order in their request (a resend carries the order number), and the order's push messages (each
 * outcome names the order).
 */
export async function orderHistoryStreams(
  deps: Pick<QueryServiceDeps, 'store'>,
  typed: string,
): Promise<{ orderNumber: string; streams: string[] }> {
  const { orderNumber, events } = await readOrderEvents(deps, typed);
  const requested = events.flatMap((event) =>
    event.type === 'CustomerNotificationRequested'
      ? [emailStream(String((event.data as { notificationId?: unknown }).notificationId))]
      : [],
  );
  const naming = (await deps.store.streamsNamingOrder(orderNumber)).filter(
    (stream) => stream.startsWith(emailStreamPrefix) || stream.startsWith(pushStreamPrefix),
  );
  return { orderNumber, streams: [...new Set([orderStream(orderNumber), ...requested, ...naming])] };
}

/** An event as auditors read it, in the API's words. */
export const auditRecord = (event: AuditedEvent) => ({
  id: event.id,
  stream: event.stream,
  version: event.version,
  position: event.position,
  type: event.type,
  occurredAt: event.metadata.occurredAt,
  recordedAt: event.recordedAt,
  actor: event.metadata.actor,
  commandId: event.metadata.commandId,
  correlationId: event.metadata.correlationId,
  causationId: event.metadata.causationId ?? null,
  data: event.data,
  hash: event.hash,
  /** The data and metadata as stored (personal values sealed), which is what the hash covers; null when the same. */
  sealed: event.sealed ?? null,
});
export type AuditRecord = ReturnType<typeof auditRecord>;
