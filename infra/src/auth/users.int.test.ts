import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { watchChanges } from '../db/change-signal.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createUserRepository } from './users.ts';

const test = suite<{ db: TestDatabase }>('users: customer ids by email', { db: undefined as never });
test.before(async (context) => {
  context.db = await createTestDatabase();
});
test.after(async ({ db }) => db.drop());

test('no account is null, and that is not remembered: the first sign-in makes the id found at once', async ({ db }) => {
  const users = createUserRepository(db.pool);
  assert.is(await users.customerId('first.time@example.com'), null);
  const made = await users.upsertCustomer('First.Time@example.com', 'First Time', null);
  assert.is(await users.customerId('first.time@example.com'), made.id);
});

test('an id found is the same in any case of the email, and stays found', async ({ db }) => {
  const users = createUserRepository(db.pool);
  const made = await users.upsertCustomer('twice@example.com', 'Twice', null);
  assert.is(await users.customerId('TWICE@example.com'), made.id);
  assert.is(await users.customerId('twice@example.com'), made.id);
  // and another email is still nobody's
  assert.is(await users.customerId('nobody-else@example.com'), null);
});

/** Auth changes as the test says: `generation` moves when one is heard, `listening` whether any would be. */
function heard() {
  const changes = { generation: 0, listening: true };
  return { changes, view: { generation: () => changes.generation, listening: () => changes.listening } };
}

/** A customer account made behind the repository's back (as another process would). */
const makeAccount = (db: TestDatabase, email: string) =>
  db.pool.query<{ id: string }>(
    `insert into auth.users (username, email, customer_name) values ($1, $1, 'Elsewhere') returning id`,
    [email],
  );

test('with auth changes heard, no account is remembered until the next change is heard', async ({ db }) => {
  const { changes, view } = heard();
  const users = createUserRepository(db.pool, view);
  assert.is(await users.customerId('kept.null@example.com'), null);
  const { rows } = await makeAccount(db, 'kept.null@example.com');
  assert.is(await users.customerId('Kept.Null@example.com'), null, 'kept: no change heard yet');
  changes.generation += 1;
  assert.is(await users.customerId('kept.null@example.com'), rows[0]?.id);
});

test('a first sign-in through the repository forgets the remembered null at once', async ({ db }) => {
  const { view } = heard();
  const users = createUserRepository(db.pool, view);
  assert.is(await users.customerId('signs.in@example.com'), null);
  const made = await users.upsertCustomer('Signs.In@example.com', 'Signs In', null);
  assert.is(await users.customerId('signs.in@example.com'), made.id);
});

test('while changes are not heard (no LISTEN connection), a null is never remembered', async ({ db }) => {
  const { changes, view } = heard();
  changes.listening = false;
  const users = createUserRepository(db.pool, view);
  assert.is(await users.customerId('unheard@example.com'), null);
  const { rows } = await makeAccount(db, 'unheard@example.com');
  assert.is(await users.customerId('unheard@example.com'), rows[0]?.id);
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(check(), 'in time');
};

test('watchChanges: listening once LISTEN works, and a new account (its notification) is a change', async ({ db }) => {
  const changes = watchChanges(db.pool);
  try {
    await until(() => changes.listening());
    const users = createUserRepository(db.pool, changes);
    assert.is(await users.customerId('heard@example.com'), null);
    const before = changes.generation();
    const { rows } = await makeAccount(db, 'heard@example.com');
    await until(() => changes.generation() > before);
    assert.is(await users.customerId('heard@example.com'), rows[0]?.id);
  } finally {
    await changes.close();
  }
  assert.not.ok(changes.listening());
});

test.run();
