import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createPostgresIdempotencyStore } from './idempotency-store.ts';
import { holdProcessLease, LEASE_NAMESPACE } from './process-lease.ts';

const test = suite<{ db: TestDatabase }>('idempotency keys of a process that died', { db: undefined as never });
test.before(async (context) => {
  context.db = await createTestDatabase();
});
test.after(async ({ db }) => db.drop());

const leaseHeld = async (db: TestDatabase, holder: number) => {
  const { rows } = await db.pool.query<{ held: boolean }>(
    `select exists (select 1 from pg_locks where locktype = 'advisory' and granted and classid = $1 and objid = $2) as held`,
    [LEASE_NAMESPACE, holder],
  );
  return rows[0]?.held === true;
};

test('a key claimed by a process whose lease is gone is taken over at once; a live one is waited for', async ({
  db,
}) => {
  const killed = holdProcessLease(db.pool);
  const alive = holdProcessLease(db.pool);
  while (!(await leaseHeld(db, killed.holder)) || !(await leaseHeld(db, alive.holder))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const first = createPostgresIdempotencyStore(db.pool, { holder: killed.holder });
  const second = createPostgresIdempotencyStore(db.pool, { holder: alive.holder });
  const scope = { userId: 'u1', key: 'k1' };
  assert.equal(await first.claim(scope, 'print'), { kind: 'claimed' });
  assert.equal(await second.claim(scope, 'print'), { kind: 'pending' }, 'its first process is still running it');

  await killed.close(); // as the server sees a killed process: its connection, and so its lock, gone
  for (let i = 0; await leaseHeld(db, killed.holder); i++) {
    assert.ok(i < 250, 'the server lets the lock go with the connection');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(await second.claim(scope, 'print'), { kind: 'claimed' });
  assert.equal(await first.claim(scope, 'print'), { kind: 'pending' }, 'the new claimer is alive');
  await alive.close();
});

test.run();
