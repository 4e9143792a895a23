import { domainEventSchemas } from '@ot/contracts/events/event-registry.ts';
import { type EventStore, start } from '@ot/infra/event-store/event-store.ts';
import { createPostgresEventStore } from '@ot/infra/event-store/postgres-event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { projections } from '../projections/all-projections.ts';
import { appendHistory, mixedHistory } from '../testing/mixed-history.ts';
import { rebuildReadModels } from './rebuild-read-models.ts';
import { readModelTables } from './shadow-schema.ts';

const test = suite<{ db: TestDatabase; store: EventStore }>('rebuild: batched projection', {
  db: undefined as never,
  store: undefined as never,
});
const logger = createLogger('test', 'silent');

test.before(async (context) => {
  context.db = await createTestDatabase();
  context.store = createPostgresEventStore(context.db.pool);
  await appendHistory(context.store, mixedHistory(40, { everyType: true }));
});
test.after(async ({ db, store }) => {
  await store.close();
  await db.drop();
});

/** Every read-model table as text, row by row, in a stable order. */
async function dump(db: TestDatabase): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of readModelTables(projections)) {
    const { rows } = await db.pool.query<{ row: string }>(`select t::text as row from rm.${table} t order by 1`);
    tables[table] = rows.map((r) => r.row);
  }
  return tables;
}

test('the history holds every kind of event', async ({ store }) => {
  const types = new Set((await store.readAll({ after: start, limit: 100_000 })).map((event) => event.type));
  assert.equal([...types].sort(), Object.keys(domainEventSchemas).sort());
});

test('a rebuild in batches gives byte-identical read models to applying one event at a time', async ({ db, store }) => {
  const one = await rebuildReadModels({
    pool: db.pool,
    store,
    projections,
    logger,
    batchSize: 1,
    copyFrom: 1e9,
    rowsInMemory: 0,
  });
  const oneAtATime = await dump(db);
  assert.ok(oneAtATime.orders?.length === 40 && (oneAtATime.email_retry_queue?.length ?? 0) > 0);
  // Counts that several items add to, some across batches and writes.
  assert.ok(oneAtATime.item_stage_counts?.some((row) => !row.endsWith(',1)')));
  // Batches of 7 write rows as JSON, every batch read back from the shadow; with 100 rows in memory the
  // replay writes and forgets rows many times over (what it forgot read back, the rest kept); of 5000,
  // every table's rows go through COPY (rows known to be new straight into the table, the others through
  // a staging table); the last run takes the defaults (every row held in memory, none read back).
  const runs = [
    { batchSize: 7, copyFrom: 2, rowsInMemory: 0 },
    { batchSize: 7, copyFrom: 1e9, rowsInMemory: 100 },
    { batchSize: 13, copyFrom: 2, rowsInMemory: 100 },
    { batchSize: 13, copyFrom: 2, rowsInMemory: 400 },
    { batchSize: 13, copyFrom: 1e9, rowsInMemory: 250 },
    { batchSize: 5000, copyFrom: 2, rowsInMemory: 0 },
    {},
  ];
  for (const run of runs) {
    const batched = await rebuildReadModels({ pool: db.pool, store, projections, logger, ...run });
    assert.is(batched.events, one.events);
    assert.equal(batched.rows, one.rows);
    assert.equal(await dump(db), oneAtATime, JSON.stringify(run));
  }
});

/**
 * The read-model tables' indexes, constraints (keys, foreign keys, checks), grants, storage parameters and
 * columns' statistics targets, as definitions.
 */
async function shapes(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.pool.query<{ shape: string }>(
    `select tablename || ' ' || indexdef as shape from pg_indexes where schemaname = 'rm'
     union all
     select c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) from pg_constraint k
       join pg_class c on c.oid = k.conrelid where c.relnamespace = 'rm'::regnamespace
     union all
     select c.relname || ' ' || coalesce(c.relacl::text, '') || ' ' || coalesce(c.reloptions::text, '') from pg_class c
      where c.relnamespace = 'rm'::regnamespace
     union all
     select c.relname || '.' || a.attname || ' statistics ' || a.attstattarget from pg_attribute a
       join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'rm'::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
     order by 1`,
  );
  return rows.map((row) => row.shape);
}

test('the tables swapped in have every index, key, foreign key, grant and setting the migrations made', async ({
  db,
  store,
}) => {
  await db.pool.query('alter table rm.order_items set (fillfactor = 90)');
  const before = await shapes(db);
  assert.ok(before.some((shape) => shape.includes('FOREIGN KEY')));
  assert.ok(before.includes('order_timeline.title statistics 0'));
  assert.ok(before.some((shape) => shape.startsWith('order_items ') && shape.endsWith('{fillfactor=90}')));
  // The keys are built after the rows are in, or (rows forgotten, read back) as soon as the replay needs them.
  for (const rowsInMemory of [undefined, 100, 0]) {
    await rebuildReadModels({ pool: db.pool, store, projections, logger, batchSize: 50, rowsInMemory });
    assert.equal(await shapes(db), before, `rowsInMemory ${rowsInMemory}`);
  }
});

test.run();
