import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { itemStatuses } from '@ot/contracts/orders/item-status.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { handleOrderCommand } from '../../../command-service/src/orders/handle-order-command.ts';
import { orderPayload, type Stack, startStack } from '../../../tests/support/stack.ts';
import { projections } from '../projections/all-projections.ts';
import { createProjector } from './projector.ts';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));
const test = suite<{ stack: Stack }>('projector: crash safety and standby', { stack: undefined as never });

test.before(async (context) => {
  context.stack = await startStack({}, { projector: false });
});
test.after(async ({ stack }) => stack.stop());

const spawnProjector = (databaseUrl: string): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });

/** Every read model, as rows in a stable order. */
async function dumpReadModels(stack: Stack): Promise<string> {
  const tables = [
    'rm.orders order by order_number',
    'rm.order_items order by id',
    'rm.order_timeline order by id',
    'rm.customers order by email_lower',
  ];
  const dumps = [];
  for (const table of tables) dumps.push((await stack.db.pool.query(`select * from ${table}`)).rows);
  return JSON.stringify(dumps);
}

async function eventCount(stack: Stack): Promise<number> {
  const { rows } = await stack.db.pool.query<{ n: string }>('select count(*) as n from es.events');
  return Number(rows[0]?.n);
}

/** Orders placed over HTTP, then a stream of item status changes appended through the command pipeline. */
async function writeStream(stack: Stack, orders: number, changesPerOrder: number): Promise<void> {
  const admin = stack.client();
  await admin.loginAdmin();
  const store = stack.store;
  const numbers: string[] = [];
  for (let i = 0; i < orders; i++) {
    const answer = await admin.post<{ orderNumber: string }>('/api/admin/orders', orderPayload());
    numbers.push(answer.body.orderNumber);
  }
  for (let round = 0; round < changesPerOrder; round++) {
    await Promise.all(
      numbers.map((orderNumber, i) =>
        handleOrderCommand(
          { store },
          {
            orderNumber,
            context: {
              actor: { kind: 'system', id: 't', name: 't' },
              now: new Date().toISOString(),
              commandId: randomUUID(),
              correlationId: randomUUID(),
            },
            decide: (state) => {
              const item = state?.items[(round + i) % 2];
              if (!item) return [];
              const status = itemStatuses[(round + 1) % itemStatuses.length] ?? 'order_being_processed';
              return status === item.status
                ? []
                : [{ type: 'ItemStatusChanged', data: { itemId: item.id, status, previousStatus: item.status } }];
            },
          },
        ),
      ),
    );
  }
}

test('a projector killed with SIGKILL mid-stream resumes, and its read models equal a full rebuild', async ({
  stack,
}) => {
  let child = spawnProjector(stack.db.url);
  const writing = writeStream(stack, 12, 8);
  // Kill it while events are still arriving, once it has applied some.
  for (let i = 0; i < 400; i++) {
    const { rows } = await stack.db.pool.query<{ position: string }>(
      `select position from rm.checkpoints where name = 'projector'`,
    );
    if (Number(rows[0]?.position ?? 0) > 5) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  const { rows: mid } = await stack.db.pool.query<{ position: string }>(
    `select position from rm.checkpoints where name = 'projector'`,
  );
  await writing;
  assert.ok(Number(mid[0]?.position) < (await eventCount(stack)) + 1000, 'killed before the end');

  child = spawnProjector(stack.db.url);
  try {
    await stack.settle();
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  const live = await dumpReadModels(stack);
  const { rows: timeline } = await stack.db.pool.query<{ n: string }>('select count(*) as n from rm.order_timeline');
  assert.is(
    Number(timeline[0]?.n),
    await eventCount(stack),
    'one timeline row per event: nothing lost, nothing doubled',
  );

  const applied = await createProjector({
    pool: stack.db.pool,
    store: stack.store,
    projections,
    logger: createLogger('t', 'silent'),
  }).rebuild();
  assert.is(applied, await eventCount(stack));
  assert.is(await dumpReadModels(stack), live);
});

test('a second projector waits as standby and takes over when the first stops', async ({ stack }) => {
  const logger = createLogger('t', 'silent');
  const store = stack.store;
  const first = createProjector({ pool: stack.db.pool, store, projections, logger, pollMs: 50 });
  const second = createProjector({ pool: stack.db.pool, store, projections, logger, pollMs: 50 });
  const runningFirst = first.run();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const runningSecond = second.run();
  try {
    await writeStream(stack, 2, 1);
    await stack.settle();
    first.stop();
    await runningFirst;
    await writeStream(stack, 2, 1);
    await stack.settle();
  } finally {
    first.stop();
    second.stop();
    await Promise.allSettled([runningFirst, runningSecond]);
  }
  const { rows } = await stack.db.pool.query<{ n: string }>('select count(*) as n from rm.order_timeline');
  assert.is(Number(rows[0]?.n), await eventCount(stack));
});

test.run();
