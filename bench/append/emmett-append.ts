/**
 * The peer's side of the append benchmark, in its own process: Emmett's Postgres package changes pg's
 * int8 parsing for the whole process. Prints one JSON line: {eventsPerSecond, p99Ms}.
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

const result = await runWriters(async (writer, n) => {
  const { id, type, data, metadata } = benchEvent(writer, n);
  await store.appendToStream(`order-${run}-${writer}`, [{ type, data, metadata: { ...metadata, eventId: id } }], {
    expectedStreamVersion: BigInt(n),
  });
});
console.log(JSON.stringify(result));
await store.close();
await pool.end().catch(() => {});
