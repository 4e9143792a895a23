import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase } from '../testing/test-database.ts';

const migration = readFileSync(
  new URL('../migrations/1700000017010_verification-samples.sql', import.meta.url),
  'utf8',
).split('-- Down Migration')[0] as string;

test('the samples recorded before lose every row text and every email in a stream name', async () => {
  const db = await createTestDatabase();
  try {
    // Given checks recorded the way they were before: rows as text, a customer stream named by email.
    await db.pool.query(
      `insert into audit.verifications (kind, ok, details) values
         ('read-models', false, $1), ('events', false, $2)`,
      [
        {
          checkpoint: { tx: 1, position: 1 },
          tables: [
            { table: 'orders', ok: false, onlyLive: ['(H-000001,Jane Golfer,jane@example.com)'], onlyRebuilt: ['x'] },
            { table: 'customers', ok: true, onlyLive: [], onlyRebuilt: [] },
          ],
        },
        {
          streams: 2,
          broken: [
            { stream: 'customer-jane@example.com', version: 2, position: 7, reason: 'its hash does not match' },
            { stream: 'order-H-000001', version: 1, position: 3, reason: 'its hash does not match' },
          ],
        },
      ],
    );
    await db.pool.query(migration);
    const { rows } = await db.pool.query<{ kind: string; details: Record<string, unknown> }>(
      'select kind, details from audit.verifications order by kind',
    );
    const [events, readModels] = rows;
    assert.ok(events && readModels);
    const kept = JSON.stringify(rows);
    assert.not.ok(/Jane|jane@/.test(kept), kept);
    assert.equal(
      (events.details.broken as { stream: string }[]).map((link) => link.stream),
      ['customer-(named by email)', 'order-H-000001'],
    );
    assert.equal(
      (readModels.details.tables as { table: string; onlyLive: unknown[] }[]).map((t) => [t.table, t.onlyLive]),
      [
        ['orders', []],
        ['customers', []],
      ],
    );
  } finally {
    await db.drop();
  }
});

test.run();
