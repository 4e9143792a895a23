import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as assert from 'uvu/assert';
import { latestVerifications } from '../audit/verifications.ts';
import { repoRoot } from '../db/database.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import { eventHash } from './event-hash.ts';
import { startStreams } from './event-store.ts';
import { verifyEventChains } from './postgres-chain-verify.ts';
import { eventWith as event, stream } from './testing/event-store-contract.ts';
import { postgresStoreSuite } from './testing/postgres-store-suite.ts';

const test = postgresStoreSuite('es.events: append-only, hash-chained, verifiable');

async function refused(db: TestDatabase, statement: string): Promise<string> {
  try {
    await db.pool.query(statement);
  } catch (error) {
    return (error as Error).message;
  }
  assert.unreachable(`${statement} must be refused`);
  return '';
}

test('UPDATE, DELETE and TRUNCATE of es.events are refused by the database itself', async ({ db, store }) => {
  const s = stream();
  await store.append(s, [event({ n: 1 })], { expectedVersion: 'no_stream' });
  assert.match(await refused(db, `update es.events set data = '{"n": 2}' where stream = '${s}'`), /append-only/);
  assert.match(await refused(db, `delete from es.events where stream = '${s}'`), /append-only/);
  assert.match(await refused(db, 'truncate es.events'), /append-only/);
  assert.equal(
    (await store.readStream(s)).map((e) => e.data),
    [{ n: 1 }],
  );
});

test('the database chains each hash to the one before it, exactly as the TypeScript definition does', async ({
  db,
  store,
}) => {
  const s = stream();
  const awkward = {
    text: 'quote " backslash \\ newline \n tab \t control \u0001 accent é emoji 😀 separator \u2028',
    numbers: [0, -1, 2.5, 1e21, 1.5e-7, 2 ** 53 + 2, 0.1],
    nested: { zeta: [true, false, null, {}], alpha: { b: [], a: '' }, ü: 1, ab: 2, b: 3 },
  };
  await store.append(s, [event(awkward)], { expectedVersion: 'no_stream' });
  await store.append(s, [event({ n: 2 }), event({ n: 3 }), event({ n: 4 })], { expectedVersion: 1 });
  const started = `customer-${randomUUID()}`;
  await startStreams(store, [{ stream: started, event: event({ imported: true }) }]);

  for (const name of [s, started]) {
    const { rows } = await db.pool.query<{
      version: number;
      type: string;
      data: unknown;
      metadata: unknown;
      hash: Buffer;
    }>('select version, type, data, metadata, hash from es.events where stream = $1 order by version', [name]);
    let previous: Buffer | null = null;
    for (const row of rows) {
      const expected = eventHash(previous, { stream: name, ...row });
      assert.is(row.hash.toString('hex'), expected.toString('hex'), `${name} v${row.version}`);
      previous = expected;
    }
  }
  assert.is((await verifyEventChains(db.pool)).broken.length, 0);
});

test('audit:verify finds a row edited behind the trigger, reports the first broken link per stream and records it', async ({
  db,
  store,
}) => {
  const tampered = stream();
  const intact = stream();
  await store.append(tampered, [event({ amount: 100 }), event({ amount: 200 }), event({ amount: 300 })], {
    expectedVersion: 'no_stream',
  });
  await store.append(intact, [event({ amount: 1 })], { expectedVersion: 'no_stream' });

  const cli = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'infra/src/audit/verify-cli.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent', EVENT_STORE: 'postgres' },
      encoding: 'utf8',
    });
  const clean = cli();
  assert.is(clean.status, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /^OK: /m);

  // The table's owner can switch the guard off on purpose; the chain still tells.
  await db.pool.query('alter table es.events disable trigger events_append_only');
  await db.pool.query(`update es.events set data = '{"amount": 250}' where stream = $1 and version = 2`, [tampered]);
  await db.pool.query(`update es.events set data = '{"amount": 999}' where stream = $1 and version = 3`, [tampered]);
  await db.pool.query('alter table es.events enable trigger events_append_only');

  const report = await verifyEventChains(db.pool);
  assert.equal(
    report.broken.map((link) => [link.stream, link.version]),
    [[tampered, 2]],
  );
  const run = cli();
  assert.is(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, new RegExp(`BROKEN ${tampered} at version 2 `));
  assert.not.match(run.stdout, new RegExp(intact));

  const latest = (await latestVerifications(db.pool)).find((check) => check.kind === 'events');
  assert.is(latest?.ok, false);
  assert.ok(Date.now() - Date.parse(latest?.checkedAt ?? '') < 60_000, 'recorded with its time');
});

test('a broken chain of a stream named by email is printed and recorded by its position, never by the email', async ({
  db,
  store,
}) => {
  const email = `chain-${randomUUID().slice(0, 8)}@example.com`;
  const named = `customer-${email}`;
  await store.append(named, [event({ n: 1 }), event({ n: 2 })], { expectedVersion: 'no_stream' });
  const { rows } = await db.pool.query<{ position: string }>(
    'select position::text from es.events where stream = $1 order by version limit 1',
    [named],
  );
  await db.pool.query('alter table es.events disable trigger events_append_only');
  await db.pool.query(`update es.events set data = '{"n": 3}' where stream = $1 and version = 2`, [named]);
  await db.pool.query('alter table es.events enable trigger events_append_only');

  const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/src/audit/verify-cli.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent', EVENT_STORE: 'postgres' },
    encoding: 'utf8',
  });
  assert.is(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stdout, `BROKEN customer-(named by email, from position ${rows[0]?.position}) at version 2`);
  const { rows: kept } = await db.pool.query<{ details: unknown }>('select details from audit.verifications');
  const everything = run.stdout + run.stderr + JSON.stringify(kept);
  assert.not.ok(everything.includes(email), 'the email is printed or kept');
});

test.run();
