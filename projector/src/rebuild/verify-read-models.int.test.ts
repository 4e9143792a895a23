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
    ['orders', 'order_items', 'order_timeline', 'item_stage_counts', 'customers', 'email_events', 'email_retry_queue'],
  );
  assert.ok((report.tables[0]?.liveRows ?? 0) >= 61);
  const { rows } = await stack.db.pool.query(
    `select ok, details->'checkpoint' as checkpoint from audit.verifications where kind = 'read-models'`,
  );
  assert.equal(rows, [{ ok: true, checkpoint: report.checkpoint }]);
});

test('a read-model row edited by hand fails the check, which names the row by its key and digest only, and the command exits 1', async ({
  stack,
}) => {
  await stack.settle();
  const { rows: before } = await stack.db.pool.query<{ customer_name: string; customer_email: string }>(
    `select customer_name, customer_email from rm.orders where order_number = 'H-000002'`,
  );
  const original = before[0];
  assert.ok(original);
  await stack.db.pool.query(`update rm.orders set customer_name = 'Edited By Hand' where order_number = 'H-000002'`);
  await stack.db.pool.query(`update rm.customers set customer_phone = '07700 900999' where email_lower = lower($1)`, [
    original.customer_email,
  ]);
  const report = await verify(stack);
  assert.not.ok(report.ok);
  const orders = report.tables.find((t) => t.table === 'orders');
  assert.is(orders?.ok, false);
  assert.is(orders?.liveRows, orders?.rebuiltRows);
  const { rows: edited } = await stack.db.pool.query<{ md5: string }>(
    `select md5(t::text) from rm.orders t where order_number = 'H-000002'`,
  );
  assert.equal(orders?.onlyLive, [{ key: { order_number: 'H-000002' }, md5: edited[0]?.md5 ?? '' }]);
  assert.equal(
    orders?.onlyRebuilt.map((row) => row.key),
    [{ order_number: 'H-000002' }],
  );
  // rm.customers is keyed by email: its rows are named by their digest alone.
  const customers = report.tables.find((t) => t.table === 'customers');
  assert.is(customers?.ok, false);
  assert.equal(
    customers?.onlyLive.map((row) => row.key),
    [null],
  );
  assert.ok(report.tables.filter((t) => !['orders', 'customers'].includes(t.table)).every((t) => t.ok));

  const run = spawnSync(process.execPath, ['--import', 'tsx', verifyCli], {
    env: { ...process.env, DATABASE_URL: stack.db.url, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  assert.is(run.status, 1, run.stderr);
  assert.match(run.stdout, /DIFF rm\.orders: \d+ live rows, \d+ rebuilt, CHECKSUM DIFFERS/);
  assert.match(run.stdout, `only live:    order_number H-000002, row md5 ${edited[0]?.md5}`);
  const { rows } = await stack.db.pool.query<{ ok: boolean; details: unknown }>(
    `select ok, details from audit.verifications where kind = 'read-models' order by checked_at, id`,
  );
  assert.equal(
    rows.map((r) => r.ok),
    [true, false, false],
  );
  // Nothing personal of the differing rows, before or after the edit, is printed or kept.
  const kept = JSON.stringify(rows.map((r) => r.details)) + run.stdout;
  for (const personal of ['Edited By Hand', original.customer_name, original.customer_email, '07700 900999']) {
    assert.not.ok(kept.includes(personal), `${personal} printed or kept`);
  }
});

test.run();
