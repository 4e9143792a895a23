import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { projections } from '../../projector/src/projections/all-projections.ts';
import { verifyReadModels } from '../../projector/src/rebuild/verify-read-models.ts';
import { Client, orderPayload } from '../support/stack.ts';
import { type EditedOrder, editUntil, newTally, type Tally } from './support/item-edit-load.ts';
import { ADMIN, type LaunchedProduct, launchProduct } from './support/launched-product.ts';

/**
 * `npm start` (the compiled build, every service its own process) under an item-edit load from 8 admins,
 * while the projector is SIGKILLed and every database connection is cut (pg_terminate_backend, on this
 * test's own database only).
 */
const CLIENTS = 8;
const faults = suite<{ db: TestDatabase; product: LaunchedProduct; orders: EditedOrder[]; admins: Client[] }>(
  'npm start under load, with the projector killed and every connection cut',
  { db: undefined as never, product: undefined as never, orders: [], admins: [] },
);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Terminate every connection to the test database but the one asking. */
async function cutEveryConnection(db: TestDatabase): Promise<number> {
  const { rows } = await db.pool.query<{ cut: number }>(
    `select count(*) filter (where pg_terminate_backend(pid))::int as cut
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows[0]?.cut ?? 0;
}

async function killProjector(product: LaunchedProduct): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const pid = product.services().get('projector');
    if (pid) {
      process.kill(pid, 'SIGKILL');
      return;
    }
    await pause(100); // still restarting from the last kill
  }
  throw new Error('no projector to kill for 5 s');
}

async function signedInAdmin(baseUrl: string): Promise<Client> {
  const client = new Client(baseUrl);
  const login = await client.loginAdmin(ADMIN.username, ADMIN.password);
  assert.is(login.status, 200, 'the admin signs in');
  return client;
}

/** Run the load until `faults` is done (and a little after); returns what each item last acknowledged. */
async function loadDuring(
  context: { orders: EditedOrder[]; admins: Client[] },
  tally: Tally,
  faults: () => Promise<void>,
): Promise<{ acknowledged: Map<string, string>[]; endedAt: number }> {
  let done = false;
  const load = context.orders.map((order, i) => editUntil(context.admins[i] as Client, order, tally, () => done));
  await faults();
  await pause(1000);
  done = true;
  const acknowledged = await Promise.all(load);
  return { acknowledged, endedAt: Date.now() };
}

function assertOnlyAllowedAnswers(tally: Tally): void {
  assert.equal(tally.unexpected, [], 'only 2xx, 409 for a stale If-Match, and 503 with Retry-After');
  assert.is(tally.noAnswer, 0, 'every request got an HTTP answer');
  assert.ok(tally.acknowledged > CLIENTS * 10, `the load made progress (${tally.acknowledged} edits acknowledged)`);
  assert.ok(tally.staleRefused > 0, 'stale If-Match edits were refused');
}

/** Readers see every acknowledged edit; resolves with how long that took after `since`. */
async function readersCaughtUp(
  reader: Client,
  orders: EditedOrder[],
  acknowledged: Map<string, string>[],
  since: number,
): Promise<number> {
  for (;;) {
    let behind = '';
    for (const [i, order] of orders.entries()) {
      const answer = await reader.get<{ items: { id: string; estimatedDelivery: string | null }[] }>(
        `/api/orders/${order.orderNumber}`,
      );
      for (const [itemId, date] of acknowledged[i] ?? []) {
        const seen = answer.body.items?.find((item) => item.id === itemId)?.estimatedDelivery;
        if (seen !== date) behind = `${order.orderNumber} item ${itemId}: ${seen} instead of ${date}`;
      }
    }
    if (!behind) return Date.now() - since;
    if (Date.now() - since > 30_000) throw new Error(`readers never saw the acknowledged edits: ${behind}`);
    await pause(200);
  }
}

faults.before(async (context) => {
  context.db = await createTestDatabase();
  context.product = await launchProduct(context.db.url);
  const admin = await signedInAdmin(context.product.baseUrl);
  for (let i = 0; i < CLIENTS; i++) {
    const placed = await admin.post<{ orderNumber: string; version: number; items: { id: string }[] }>(
      '/api/admin/orders',
      orderPayload(),
    );
    assert.is(placed.status, 201);
    context.orders.push({
      orderNumber: placed.body.orderNumber,
      itemIds: placed.body.items.map((item) => item.id),
      version: placed.body.version,
    });
    context.admins.push(await signedInAdmin(context.product.baseUrl));
  }
});

faults.after(async ({ db, product }) => {
  await product?.stop();
  if (process.env.DEBUG_FAULTS) console.log(product?.output.join('\n'));
  await db?.drop();
});

faults(
  '12 projector kills and 3 connection cuts: nothing acknowledged lost, only the projector restarted, readers caught up within 15 s, read models equal a rebuild',
  async (context) => {
    const { db, product } = context;
    const before = product.services();
    const tally = newTally();
    const { acknowledged, endedAt } = await loadDuring(context, tally, async () => {
      for (let kill = 1; kill <= 12; kill++) {
        await pause(1500);
        await killProjector(product);
        if (kill % 4 === 2) await cutEveryConnection(db);
      }
    });
    assertOnlyAllowedAnswers(tally);
    assert.ok(tally.unavailable >= 0);

    const reader = await signedInAdmin(product.baseUrl);
    const catchUpMs = await readersCaughtUp(reader, context.orders, acknowledged, endedAt);
    console.log(
      `  faults: ${tally.acknowledged} edits acknowledged, ${tally.staleRefused} stale refused, ${tally.unavailable} answered 503; readers caught up ${catchUpMs} ms after the load`,
    );
    assert.ok(catchUpMs <= 15_000, `readers caught up within 15 s (${catchUpMs} ms)`);

    const after = product.services();
    for (const [name, pid] of before) {
      if (name !== 'projector') assert.is(after.get(name), pid, `${name} kept its process`);
    }
    assert.ok(after.get('projector'), 'a projector runs');
    const restartLines = product.output.filter((line) => line.includes('projector exited (killed by SIGKILL)'));
    assert.is(restartLines.length, 12, 'one restart line per kill, with its cause');

    // The read models equal a rebuild from the first event: nothing lost, nothing applied twice.
    for (let i = 0; ; i++) {
      const probe = (await (await fetch(product.projectorProbe)).json()) as { lag?: number };
      if (probe.lag === 0) break;
      if (i > 100) throw new Error('the projector never caught up');
      await pause(100);
    }
    // The services' store: it opens the personal fields they sealed (the same master key, beside the data).
    const report = await verifyReadModels({
      pool: db.pool,
      store: await createEventStore(
        { EVENT_STORE: 'postgres', EVENTSTOREDB_URL: undefined, MASTER_KEY: process.env.MASTER_KEY },
        db.pool,
      ),
      projections,
      logger: createLogger('verify', 'silent'),
    });
    for (const table of report.tables)
      assert.ok(table.ok, `${table.table} equals its rebuild: ${JSON.stringify(table)}`);
    assert.ok(report.events > 0 && report.ok, 'the read models equal a rebuild');
  },
);

faults('10 cuts of every connection during load: no product process changes PID', async (context) => {
  const { db, product } = context;
  const before = product.services();
  const tally = newTally();
  await loadDuring(context, tally, async () => {
    for (let cut = 1; cut <= 10; cut++) {
      await pause(800);
      await cutEveryConnection(db);
    }
  });
  assertOnlyAllowedAnswers(tally);
  assert.equal(Object.fromEntries(product.services()), Object.fromEntries(before), 'every process kept its PID');
  assert.is(product.launcher.exitCode, null, 'the launcher runs');
});

faults.run();
