/**
 * The peer's side of the append benchmark, in its own process: Emmett's Postgres package changes pg's
 * int8 parsing for the whole process. Runs a round for each 'run' message and answers with
 * {eventsPerSecond, p99Ms}; any other message ends it.
 */
import { randomUUID } from 'node:crypto';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { benchEvent, runWriters } from './workload.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: emmett-append.ts <database url>');
const pool = new pg.Pool({ connectionString: url, max: 20 });
const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
const run = randomUUID().slice(0, 8);
// The first append creates Emmett's schema; keep that out of the measurement.
await store.appendToStream(`warmup-${run}`, [{ type: 'Warmup', data: {} }]);

// One round per message from the parent, so the rounds interleave with the parent's sides.
process.on('message', async (message) => {
  if (message !== 'run') {
    await store.close();
    await pool.end().catch(() => {});
    process.disconnect();
    return;
  }
  const round = randomUUID().slice(0, 8);
  const result = await runWriters(async (writer, n) => {
    const { id, type, data, metadata } = benchEvent(writer, n);
    await store.appendToStream(
      `order-${run}-${round}-${writer}`,
      [{ type, data, metadata: { ...metadata, eventId: id } }],
      {
        expectedStreamVersion: BigInt(n),
      },
    );
  });
  process.send?.(result);
});
process.send?.('ready');
