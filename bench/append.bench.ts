/**
 * Append throughput: 16 writers x 200 single-event appends with an expected version, ours (the store as
 * the services make it, the sealing of personal fields above the Postgres adapter) against
 * the database's limit (a plain INSERT committed on its own, same columns and unique indexes, no
 * checks) and against Emmett-postgresql (in a child process), in rounds where the three run
 * back to back, so a busy machine slows every side alike; the ratio is the median of the rounds'.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@ot/infra/testing/test-database.ts';
import { APPENDS_PER_WRITER, type AppendRun, benchEvent, runWriters, WRITERS } from './append/workload.ts';
import { productEventStore } from './support/product-store.ts';
import { median } from './support/stats.ts';
import { finish, report } from './support/table.ts';

const ROUNDS = 3;
const db = await createTestDatabase();
const store = await productEventStore(db.pool);
// The database's limit: es.events' columns and defaults (positions from the store's own sequence) with its
// unique keys, but none of the store's triggers (hash chain, append-only) or follow indexes.
await db.pool.query(`
  create schema bench;
  create table bench.events (like es.events including defaults);
  alter table bench.events drop column hash, add primary key (position), add unique (id), add unique (stream, version)`);

async function ours(): Promise<AppendRun> {
  const run = randomUUID().slice(0, 8);
  return runWriters(async (writer, n) => {
    await store.append(`order-${run}-${writer}`, [benchEvent(writer, n)], {
      expectedVersion: n === 0 ? 'no_stream' : n,
    });
  });
}

async function raw(): Promise<AppendRun> {
  const run = randomUUID().slice(0, 8);
  return runWriters(async (writer, n) => {
    const event = benchEvent(writer, n);
    await db.pool.query({
      name: 'bench.raw',
      text: `insert into bench.events (stream, version, id, type, data, metadata) values ($1, $2, $3, $4, $5, $6)`,
      values: [
        `order-${run}-${writer}`,
        n + 1,
        event.id,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      ],
    });
  });
}

const script = fileURLToPath(new URL('./append/emmett-append.ts', import.meta.url));
const peer = spawn(process.execPath, ['--import', 'tsx', script, db.url], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const answers: ((message: unknown) => void)[] = [];
peer.on('message', (message) => answers.shift()?.(message));
const ask = (message?: string) =>
  new Promise<unknown>((resolve, reject) => {
    answers.push(resolve);
    peer.once('exit', (code) => reject(new Error(`the Emmett process exited with ${code}`)));
    if (message) peer.send(message);
  });
await ask(); // ready
const emmett = async () => (await ask('run')) as AppendRun;

const runs: { ours: AppendRun; raw: AppendRun; emmett: AppendRun }[] = [];
await ours(); // warm up: connections, prepared statements
for (let round = 0; round < ROUNDS; round++) {
  const rawRun = await raw();
  const oursRun = await ours();
  runs.push({ raw: rawRun, ours: oursRun, emmett: await emmett() });
}
const rate = (side: 'ours' | 'raw' | 'emmett') => median(runs.map((run) => run[side].eventsPerSecond));
const rows = (
  [
    ['append ev/s vs raw INSERT+commit', 'raw', 0.6],
    ['append ev/s vs Emmett-postgresql', 'emmett', 1.5],
  ] as const
).map(([measure, peer, min]) => {
  // Each round's sides ran back to back; the median of their ratios shrugs off a busy moment.
  const ratio = median(runs.map((run) => run.ours.eventsPerSecond / run[peer].eventsPerSecond));
  return {
    measure,
    ours: Math.round(rate('ours')),
    peer: Math.round(rate(peer)),
    ratio: Number(ratio.toFixed(2)),
    target: `>= ${min}x`,
    ok: ratio >= min,
  };
});
report(
  `append: ${WRITERS} writers x ${APPENDS_PER_WRITER} single-event appends with an expected version (median of ${ROUNDS} rounds)`,
  rows,
);
const p99 = (side: 'ours' | 'raw' | 'emmett') => median(runs.map((run) => run[side].p99Ms)).toFixed(1);
console.log(
  `p99 per append (median of ${ROUNDS} rounds): ours ${p99('ours')} ms, raw ${p99('raw')} ms, Emmett ${p99('emmett')} ms`,
);
peer.send('stop');
await new Promise((resolve) => peer.once('exit', resolve));
await store.close();
await db.drop();
await finish();
