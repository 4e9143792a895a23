import { randomUUID } from 'node:crypto';
import type { Answer, Client } from '../../support/stack.ts';

export interface EditedOrder {
  orderNumber: string;
  itemIds: string[];
  version: number;
}

/** Every answer the load got, by kind; `unexpected` lists any the product must never give. */
export interface Tally {
  acknowledged: number;
  staleRefused: number;
  unavailable: number;
  /** Requests that got no HTTP answer at all (the gateway must always answer). */
  noAnswer: number;
  unexpected: string[];
}

export const newTally = (): Tally => ({
  acknowledged: 0,
  staleRefused: 0,
  unavailable: 0,
  noAnswer: 0,
  unexpected: [],
});

/** The date an edit sets: unique per sequence number, so the last acknowledged edit is recognisable. */
const dateOf = (sequence: number) =>
  new Date(Date.UTC(2027, 0, 1) + (sequence % 3000) * 86_400_000).toISOString().slice(0, 10);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Sent = { answer: Answer<{ version?: number }> } | { error: unknown };

async function send(client: Client, path: string, body: unknown, headers: Record<string, string>): Promise<Sent> {
  try {
    return { answer: await client.patch<{ version?: number }>(path, body, headers) };
  } catch (error) {
    return { error };
  }
}

/**
 * One admin editing the items of their own order until `until()`: each edit a new date, sent with its
 * own Idempotency-Key (every other one also with `If-Match`), retried with the same key after a 503 or a
 * lost answer until acknowledged; every fifth round also sends a deliberately stale `If-Match`, which
 * must be refused with 409. Returns the last acknowledged date of each item.
 */
export async function editUntil(
  client: Client,
  order: EditedOrder,
  tally: Tally,
  until: () => boolean,
): Promise<Map<string, string>> {
  const acknowledged = new Map<string, string>();
  for (let sequence = 1; !until(); sequence++) {
    const itemId = order.itemIds[sequence % order.itemIds.length] as string;
    const path = `/api/admin/orders/${order.orderNumber}/items/${itemId}`;
    if (sequence % 5 === 0 && order.version > 1) {
      const sent = await send(
        client,
        path,
        { estimatedDelivery: '2030-01-01' },
        { 'If-Match': String(order.version - 1) },
      );
      if ('error' in sent) tally.noAnswer += 1;
      else if (sent.answer.status === 409) tally.staleRefused += 1;
      else if (sent.answer.status === 503 && sent.answer.headers.get('retry-after')) tally.unavailable += 1;
      else tally.unexpected.push(`a stale If-Match answered ${sent.answer.status}`);
      continue;
    }
    const date = dateOf(sequence);
    const headers: Record<string, string> = { 'Idempotency-Key': randomUUID() };
    if (sequence % 2 === 0) headers['If-Match'] = String(order.version);
    for (let attempt = 1; ; attempt++) {
      if (attempt > 100) throw new Error(`an edit of ${order.orderNumber} was never acknowledged`);
      const sent = await send(client, path, { estimatedDelivery: date }, headers);
      if ('error' in sent) {
        tally.noAnswer += 1;
      } else if (sent.answer.status >= 200 && sent.answer.status < 300) {
        tally.acknowledged += 1;
        order.version = sent.answer.body.version ?? order.version;
        acknowledged.set(itemId, date);
        break;
      } else if (sent.answer.status === 503 && sent.answer.headers.get('retry-after')) {
        tally.unavailable += 1;
      } else {
        tally.unexpected.push(
          `${order.orderNumber} #${sequence} (attempt ${attempt}) ${headers['If-Match'] ? `with an up-to-date If-Match: ${headers['If-Match']}` : 'unconditional'} answered ${sent.answer.status}: ${JSON.stringify(sent.answer.body).slice(0, 300)}`,
        );
        break;
      }
      await pause(150);
    }
  }
  return acknowledged;
}
