import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyRows } from './copy-rows.ts';

const test = suite<{ db: TestDatabase }>('COPY of projected rows', { db: undefined as never });
test.before(async (context) => {
  context.db = await createTestDatabase();
});
test.after(async ({ db }) => db.drop());

test('every value arrives as it was, whatever characters it holds', async ({ db }) => {
  const rows = [
    {
      id: 'a',
      note: 'tab\there, new\nline, return\r, back\\slash, \\N literally',
      doc: { text: 'line\none\t\\' },
      n: 7,
      ok: true,
    },
    { id: 'b', note: null, doc: null, n: -1, ok: false },
    { id: 'c', note: 'émoji 🏌️ \'quotes\' "double"', doc: [1, 'x'], n: 0, ok: true },
  ];
  const client = await db.pool.connect();
  try {
    await client.query('create temp table copied (id text, note text, doc jsonb, n bigint, ok boolean)');
    await copyRows(client, 'copied', ['id', 'note', 'doc', 'n', 'ok'], rows);
    const { rows: back } = await client.query('select id, note, doc, n::int as n, ok from copied order by id');
    assert.equal(back, rows);
  } finally {
    client.release();
  }
});

test('a value the column refuses fails the copy with the server error, and the connection stays usable', async ({
  db,
}) => {
  const client = await db.pool.connect();
  try {
    await client.query('create temp table numbers (n integer)');
    const error = await copyRows(client, 'numbers', ['n'], [{ n: 'not a number' }]).catch((e: unknown) => e);
    assert.match(String((error as Error).message), 'invalid input syntax');
    assert.equal((await client.query('select 1 as one')).rows, [{ one: 1 }]);
  } finally {
    client.release();
  }
});

test.run();
