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

test('rows far larger than one chunk, and a value larger than a chunk, arrive whole', async ({ db }) => {
  const long = `${'é'.repeat(50_000)}\t${'x'.repeat(100_000)}`;
  const rows = Array.from({ length: 5000 }, (_, i) => ({ id: i, note: i === 2500 ? long : `row ${i} 🏌️\\` }));
  const client = await db.pool.connect();
  try {
    await client.query('create temp table many (id integer, note text)');
    await copyRows(client, 'many', ['id', 'note'], rows);
    const { rows: back } = await client.query('select id, note from many order by id');
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
    // A value that cannot be encoded (a cycle) ends the copy with that error, the connection still usable.
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    await client.query('create temp table docs (doc jsonb)');
    const encoding = await copyRows(client, 'docs', ['doc'], [{ doc: {} }, { doc: cycle }]).catch((e: unknown) => e);
    assert.match(String((encoding as Error).message), 'circular');
    assert.equal((await client.query('select count(*)::int as n from docs')).rows, [{ n: 0 }]);
  } finally {
    client.release();
  }
});

test.run();
