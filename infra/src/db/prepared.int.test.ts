import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { preparedQuery, statementName } from './prepared.ts';

const test = suite<{ db: TestDatabase }>('named prepared statements', { db: undefined as never });
test.before(async (context) => {
  context.db = await createTestDatabase();
});
test.after(async ({ db }) => db.drop());

test('a statement is prepared once per connection and then only executed', async ({ db }) => {
  const client = await db.pool.connect();
  try {
    const text = 'select $1::int + 1 as n';
    for (const n of [1, 2, 3]) {
      const { rows } = await preparedQuery<{ n: number }>(client, text, [n]);
      assert.is(rows[0]?.n, n + 1);
    }
    const { rows } = await client.query<{ name: string; calls: string }>(
      'select name, generic_plans + custom_plans as calls from pg_prepared_statements where name = $1',
      [statementName(text)],
    );
    assert.is(rows.length, 1, 'one prepared statement on this connection');
    assert.is(Number(rows[0]?.calls), 3, 'executed three times, parsed once');
  } finally {
    client.release();
  }
});

test('two texts never share a name', () => {
  assert.is.not(statementName('select 1'), statementName('select 2'));
  assert.is(statementName('select 1'), statementName('select 1'));
});

test('a table replaced under a prepared statement is read anew (a rebuild swap, a migration)', async ({ db }) => {
  const client = await db.pool.connect();
  try {
    await client.query('create table prepared_t (a int)');
    await client.query('insert into prepared_t values (1)');
    const text = 'select * from prepared_t';
    assert.equal((await preparedQuery(client, text, [])).rows, [{ a: 1 }]);
    // Replaced by a table of the same shape: Postgres re-plans the statement by itself.
    await client.query('alter table prepared_t rename to prepared_old');
    await client.query('create table prepared_t (like prepared_old including all)');
    await client.query('insert into prepared_t values (2)');
    assert.equal((await preparedQuery(client, text, [])).rows, [{ a: 2 }]);
    // A column added under `select *`: Postgres refuses the old statement, the query runs unprepared.
    await client.query('alter table prepared_t add column b int default 7');
    assert.equal((await preparedQuery(client, text, [])).rows, [{ a: 2, b: 7 }]);
  } finally {
    client.release();
  }
});

test.run();
