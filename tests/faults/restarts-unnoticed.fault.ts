import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type LauncherStatus, statusFile } from '@ot/infra/launcher/rolling-restart.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Client, orderPayload } from '../support/stack.ts';
import { ADMIN, type LaunchedProduct, launchProduct } from './support/launched-product.ts';

/**
 * `npm start` under a read and write load from 8 admins (each write with an Idempotency-Key, as the PWA
 * sends them), while the command and query services are SIGKILLed 10 times and then every service is
 * replaced by a rolling restart. Each request is sent once, never retried by the client: every one must
 * be answered 2xx, and every acknowledged edit must be there afterwards.
 */
const CLIENTS = 8;
const KILLS = 10;
const test = suite<{ db: TestDatabase; product: LaunchedProduct }>('restarts nobody notices', {
  db: undefined as never,
  product: undefined as never,
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.before(async (context) => {
  context.db = await createTestDatabase();
  context.product = await launchProduct(context.db.url);
});
test.after(async ({ db, product }) => {
  await product?.stop();
  if (process.env.DEBUG_FAULTS) console.log(product?.output.join('\n'));
  await db?.drop();
});

interface Load {
  failures: string[];
  requests: number;
  /** Per order, each item's last acknowledged estimated delivery. */
  acknowledged: Map<string, Map<string, string>>;
}

async function signedIn(baseUrl: string): Promise<Client> {
  const client = new Client(baseUrl);
  assert.is((await client.loginAdmin(ADMIN.username, ADMIN.password)).status, 200);
  return client;
}

/** One admin editing their own order's items and reading it back, each request once, until `done()`. */
async function readAndWrite(client: Client, orderNumber: string, itemIds: string[], load: Load, done: () => boolean) {
  const mine = new Map<string, string>();
  load.acknowledged.set(orderNumber, mine);
  for (let sequence = 1; !done(); sequence++) {
    const itemId = itemIds[sequence % itemIds.length] as string;
    const date = new Date(Date.UTC(2027, 0, 1) + sequence * 86_400_000).toISOString().slice(0, 10);
    const requests: [string, () => Promise<{ status: number }>][] = [
      [
        `PATCH ${orderNumber} #${sequence}`,
        () =>
          client.patch(
            `/api/admin/orders/${orderNumber}/items/${itemId}`,
            { estimatedDelivery: date },
            { 'Idempotency-Key': randomUUID() },
          ),
      ],
      [`GET ${orderNumber} #${sequence}`, () => client.get(`/api/orders/${orderNumber}`)],
    ];
    for (const [what, send] of requests) {
      load.requests++;
      try {
        const answer = await send();
        if (answer.status < 200 || answer.status >= 300) load.failures.push(`${what}: ${answer.status}`);
        else if (what.startsWith('PATCH')) mine.set(itemId, date);
      } catch (error) {
        load.failures.push(`${what}: no answer (${(error as Error).message})`);
      }
    }
  }
}

/** SIGKILL the service's process and wait until its restart is there (a new PID) and the gateway is ready. */
async function killAndAwaitRestart(product: LaunchedProduct, name: string): Promise<void> {
  const pid = product.services().get(name);
  assert.ok(pid, `${name} runs`);
  process.kill(pid, 'SIGKILL');
  for (let i = 0; ; i++) {
    const now = product.services().get(name);
    if (now && now !== pid && (await fetch(`${product.baseUrl}/readyz`).catch(() => null))?.ok) return;
    assert.ok(i < 300, `${name} came back within 30 s`);
    await pause(100);
  }
}

const launcherStatus = (product: LaunchedProduct): LauncherStatus | null => {
  try {
    return JSON.parse(readFileSync(statusFile(Number(new URL(product.baseUrl).port)), 'utf8')) as LauncherStatus;
  } catch {
    return null;
  }
};

test(`${KILLS} SIGKILLs of the command and query services and a rolling restart under load: 0 failed requests, nothing lost`, async ({
  product,
}) => {
  const admin = await signedIn(product.baseUrl);
  const orders: { orderNumber: string; itemIds: string[]; client: Client }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const placed = await admin.post<{ orderNumber: string; items: { id: string }[] }>(
      '/api/admin/orders',
      orderPayload(),
    );
    assert.is(placed.status, 201);
    orders.push({
      orderNumber: placed.body.orderNumber,
      itemIds: placed.body.items.map((item) => item.id),
      client: await signedIn(product.baseUrl),
    });
  }
  const load: Load = { failures: [], requests: 0, acknowledged: new Map() };
  let done = false;
  const running = orders.map((order) => readAndWrite(order.client, order.orderNumber, order.itemIds, load, () => done));

  const before = product.services();
  for (let kill = 0; kill < KILLS; kill++) {
    await pause(400);
    await killAndAwaitRestart(product, kill % 2 === 0 ? 'command-service' : 'query-service');
  }
  const status = launcherStatus(product);
  assert.ok(status, 'the launcher says where it runs');
  process.kill(status.pid, 'SIGHUP');
  for (let i = 0; (launcherStatus(product)?.restarts ?? 0) <= status.restarts; i++) {
    assert.ok(i < 600, 'the rolling restart finished within 60 s');
    await pause(100);
  }
  assert.ok(launcherStatus(product)?.last?.ok, launcherStatus(product)?.last?.message);
  await pause(500);
  done = true;
  await Promise.all(running);

  const after = product.services();
  for (const name of ['command-service', 'query-service', 'projector', 'notifier']) {
    assert.is.not(after.get(name), before.get(name), `${name} was replaced`);
  }
  assert.is(after.get('gateway'), before.get('gateway'), 'the gateway kept its process');
  console.log(`  restarts: ${load.requests} requests, ${load.failures.length} failed`);
  assert.equal(load.failures, [], 'every request answered 2xx the first time it was sent');
  assert.ok(load.requests > CLIENTS * 20, `the load made progress (${load.requests} requests)`);

  // Nothing acknowledged is lost: a reader sees each item's last acknowledged date.
  const reader = await signedIn(product.baseUrl);
  for (const order of orders) {
    const view = await reader.get<{ items: { id: string; estimatedDelivery: string | null }[] }>(
      `/api/orders/${order.orderNumber}`,
    );
    for (const [itemId, date] of load.acknowledged.get(order.orderNumber) ?? []) {
      assert.is(
        view.body.items.find((item) => item.id === itemId)?.estimatedDelivery,
        date,
        `${order.orderNumber} ${itemId}`,
      );
    }
  }
});

test.run();
