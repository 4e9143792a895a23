import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { sleep } from './backoff.ts';
import { createPool } from './pool.ts';

const test = suite<{ db: TestDatabase }>('pool', { db: undefined as never });
test.before(async (context) => {
  context.db = await createTestDatabase();
});
test.after(async ({ db }) => db.drop());

/** `backends` once it is `expected` (a closed connection's server process ends a moment later), else as it is after 2 s. */
async function backendsSettled(db: TestDatabase, name: string, expected: number): Promise<number> {
  let seen = await backends(db, name);
  for (let waited = 0; seen !== expected && waited < 2000; waited += 20) {
    await sleep(20);
    seen = await backends(db, name);
  }
  return seen;
}

/** The server processes of this database's connections under an application name. */
async function backends(db: TestDatabase, name: string): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
    [name],
  );
  return rows[0]?.n ?? 0;
}

test('keepIdle connections stay open through a quiet spell; the others close after idleMs', async ({ db }) => {
  const name = 'pool-keep-idle-test';
  const pool = createPool(db.url, 5, name, { keepIdle: 2, idleMs: 100 });
  try {
    const clients = await Promise.all([1, 2, 3, 4].map(() => pool.connect()));
    for (const client of clients) client.release();
    assert.is(await backends(db, name), 4);
    await sleep(400);
    assert.is(pool.totalCount, 2);
    assert.is(await backendsSettled(db, name, 2), 2);
    // What is kept serves the next queries, without a new connection.
    await Promise.all([pool.query('select 1'), pool.query('select 1')]);
    assert.is(await backends(db, name), 2);
  } finally {
    await pool.end();
  }
  assert.is(await backendsSettled(db, name, 0), 0, 'ending the pool closes the kept ones too');
});

test('without keepIdle, every idle connection closes', async ({ db }) => {
  const name = 'pool-no-keep-test';
  const pool = createPool(db.url, 5, name, { idleMs: 100 });
  try {
    const clients = await Promise.all([1, 2].map(() => pool.connect()));
    for (const client of clients) client.release();
    await sleep(400);
    assert.is(pool.totalCount, 0);
    assert.is(await backendsSettled(db, name, 0), 0);
  } finally {
    await pool.end();
  }
});

test.run();
