import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@ot/infra/logger.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../../../tests/support/scenario.ts';
import { type Stack, startStack } from '../../../tests/support/stack.ts';
import { projections } from '../projections/all-projections.ts';
import { appendHistory, mixedHistory } from '../testing/mixed-history.ts';
import { verifyReadModels } from './verify-read-models.ts';

const test = suite<{ stack: Stack }>('projections:verify', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
  await appendHistory(context.stack.store, mixedHistory(60, { everyType: true }));
  await addOrder(await signedInAdmin(context.stack));
  await context.stack.settle();
});
test.after(async ({ stack }) => stack.stop());

const logger = createLogger('test', 'silent');
const verify = (stack: Stack) => verifyReadModels({ pool: stack.db.pool, store: stack.store, projections, logger });
const verifyCli = fileURLToPath(new URL('../verify.ts', import.meta.url));

test('a live system passes: every read model equals a replay of the events, and the check is recorded', async ({
  stack,
}) => {
  const admin = await signedInAdmin(stack);
  // The projector keeps applying while the check runs; both sides are compared at the same position.
  const writing = Promise.all(Array.from({ length: 5 }, () => addOrder(admin)));
  const report = await verify(stack);
  await writing;
  assert.ok(report.ok, JSON.stringify(report.tables.filter((t) => !t.ok)));
  assert.equal(
    report.tables.map((t) => t.table),
    [
      'orders',
      'order_items',
      'order_timeline',
      'item_stages',
      'item_stage_spans',
      'customers',
      'email_events',
      'email_retry_queue',
    ],
  );
  assert.ok((report.tables[0]?.liveRows ?? 0) >= 61);
  const { rows } = await stack.db.pool.query(
    `select ok, details->'checkpoint' as checkpoint from audit.verifications where kind = 'read-models'`,
  );
  assert.equal(rows, [{ ok: true, checkpoint: report.checkpoint }]);
});

test('a read-model row edited by hand fails the check, which names the row, and the command exits 1', async ({
  stack,
}) => {
  await stack.settle();
  await stack.db.pool.query(`update rm.orders set customer_name = 'Edited By Hand' where order_number = 'H-000002'`);
  const report = await verify(stack);
  assert.not.ok(report.ok);
  const orders = report.tables.find((t) => t.table === 'orders');
  assert.is(orders?.ok, false);
  assert.is(orders?.liveRows, orders?.rebuiltRows);
  assert.match(orders?.onlyLive.join('\n') ?? '', 'Edited By Hand');
  assert.match(orders?.onlyRebuilt.join('\n') ?? '', 'H-000002');
  assert.ok(report.tables.filter((t) => t.table !== 'orders').every((t) => t.ok));

  const run = spawnSync(process.execPath, ['--import', 'tsx', verifyCli], {
    env: { ...process.env, DATABASE_URL: stack.db.url, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  assert.is(run.status, 1, run.stderr);
  assert.match(run.stdout, /DIFF rm\.orders: \d+ live rows, \d+ rebuilt, CHECKSUM DIFFERS/);
  assert.match(run.stdout, 'only live:    (H-000002');
  const { rows } = await stack.db.pool.query(
    `select ok from audit.verifications where kind = 'read-models' order by checked_at, id`,
  );
  assert.equal(
    rows.map((r) => r.ok),
    [true, false, false],
  );
});

test.run();
