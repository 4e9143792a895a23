import { emailStream, emailStreamPrefix } from '@ot/contracts/audit/order-history.ts';
import { orderNotFound } from '@ot/contracts/errors/domain-errors.ts';
import { orderStream } from '@ot/contracts/orders/order-events.ts';
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
 * Every stream of an order's history: its own, and the streams of its emails. Emails requested with a
 * change are named by the order's own events; a resend lives only in its email's stream, found through
 * the email log and kept only when its request names this order.
 */
export async function orderHistoryStreams(
  deps: Pick<QueryServiceDeps, 'store' | 'pool'>,
  typed: string,
): Promise<{ orderNumber: string; streams: string[]; keep: (event: AuditedEvent) => boolean }> {
  const { orderNumber, events } = await readOrderEvents(deps, typed);
  const named = new Set(
    events.flatMap((event) =>
      event.type === 'CustomerNotificationRequested'
        ? [String((event.data as { notificationId?: unknown }).notificationId)]
        : [],
    ),
  );
  const { rows } = await deps.pool.query<{ id: string }>(
    'select id from rm.email_events where lower(order_number) = lower($1)',
    [orderNumber],
  );
  const ids = new Set([...named, ...rows.map((row) => row.id)]);
  const streams = [orderStream(orderNumber), ...[...ids].map(emailStream)];
  // A resend's stream belongs to the order when its request says so.
  const resendsOfOrder = new Set<string>();
  const keep = (event: AuditedEvent) => {
    if (!event.stream.startsWith(emailStreamPrefix)) return true;
    const id = event.stream.slice(emailStreamPrefix.length);
    if (named.has(id) || resendsOfOrder.has(id)) return true;
    const data = event.data as { orderNumber?: unknown };
    if (
      event.type === 'CustomerNotificationRequested' &&
      typeof data.orderNumber === 'string' &&
      data.orderNumber.toUpperCase() === orderNumber.toUpperCase()
    ) {
      resendsOfOrder.add(id);
      return true;
    }
    return false;
  };
  return { orderNumber, streams, keep };
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
});
export type AuditRecord = ReturnType<typeof auditRecord>;
