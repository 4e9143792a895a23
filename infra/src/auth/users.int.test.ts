import { suite } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
