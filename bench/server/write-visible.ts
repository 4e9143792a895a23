import http from 'node:http';
import { sleep } from '@ot/infra/db/backoff.ts';
import { request } from './http-client.ts';

/**
 * Projection lag as a reader sees it: clients each PATCH an item of their own order on a fixed schedule
 * (together `ratePerSecond`), then GET the order with the write's `x-min-position` until the new date
 * shows. The lag is from sending the PATCH to that answer.
 * The clients use http-client.ts's `node:http` client.
 */
export interface EditedOrder {
  orderNumber: string;
  itemIds: string[];
}

export interface LagRun {
  lagsMs: number[];
  /** Of each lag, the part until the PATCH was answered (the rest is the reads waiting for the projector). */
  writeMs: number[];
  /** Of each lag, the part after the PATCH was answered: the reads until the write showed. */
  readMs: number[];
  writesPerSecond: number;
  /** Writes that were not acknowledged, or not visible after three reads. */
  failures: string[];
}

const dateOf = (n: number) => new Date(Date.UTC(2027, 0, 1) + (n % 3000) * 86_400_000).toISOString().slice(0, 10);

export async function writeThenRead(
  baseUrl: string,
  cookie: string,
  orders: readonly EditedOrder[],
  { ratePerSecond, seconds }: { ratePerSecond: number; seconds: number },
): Promise<LagRun> {
  const period = (orders.length / ratePerSecond) * 1000;
  const lagsMs: number[] = [];
  const writeMs: number[] = [];
  const readMs: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  let lastDone = started;
  await Promise.all(
    orders.map(async (order, client) => {
      for (let k = 0; ; k++) {
        const due = started + (client * period) / orders.length + k * period;
        if (due >= end) break;
        await sleep(due - performance.now());
        const itemId = order.itemIds[k % order.itemIds.length] ?? '';
        const date = dateOf(k);
        const sent = performance.now();
        let answered = sent;
        const outcome = await editAndRead(baseUrl, cookie, order.orderNumber, itemId, date, () => {
          answered = performance.now();
          writeMs.push(answered - sent);
        }).catch((error: Error) => `${order.orderNumber}: ${error.message}`);
        lastDone = performance.now();
        if (outcome === true) {
          lagsMs.push(lastDone - sent);
          readMs.push(lastDone - answered);
        } else failures.push(outcome);
      }
    }),
  );
  const writes = lagsMs.length + failures.length;
  return { lagsMs, writeMs, readMs, writesPerSecond: (writes / (lastDone - started)) * 1000, failures };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One write and the reads until it shows: true, or what went wrong. */
async function editAndRead(
  baseUrl: string,
  cookie: string,
  orderNumber: string,
  itemId: string,
  date: string,
  answered: () => void,
): Promise<true | string> {
  const write = await request(agent, `${baseUrl}/api/admin/orders/${orderNumber}/items/${itemId}`, {
    method: 'PATCH',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ estimatedDelivery: date }),
  });
  answered();
  const position = write.headers['x-event-position'];
  if (write.status !== 200 || typeof position !== 'string') return `PATCH ${orderNumber} answered ${write.status}`;
  for (let read = 0; read < 3; read++) {
    const answer = await request(agent, `${baseUrl}/api/orders/${orderNumber}`, {
      headers: { cookie, 'x-min-position': position },
    });
    const view = JSON.parse(answer.body) as { items?: { id: string; estimatedDelivery: string | null }[] };
    if (view.items?.find((item) => item.id === itemId)?.estimatedDelivery === date) return true;
  }
  return `${orderNumber} ${itemId}: ${date} not visible after three reads`;
}
