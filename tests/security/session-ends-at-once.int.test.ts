import { createUserRepository } from '@ot/infra/auth/users.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signedInAdmin } from '../support/scenario.ts';
import { ADMIN, type Stack, startStack } from '../support/stack.ts';

/**
 * However a session ends, the very next read is refused, also one the query service answers just after
 * reading the same session: nothing may hold on to a session the database has ended (a cache told by
 * NOTIFY would lose this race now and then: the end's notification can arrive after the next request).
 */
const test = suite<{ stack: Stack }>('a session ends at once for reads', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const idOf = async (stack: Stack, username: string) =>
  (await stack.db.pool.query<{ id: string }>('select id from auth.users where username = $1 and is_admin', [username]))
    .rows[0]?.id;

test('a session just used for reads is refused at once when it ends, every time', async ({ stack }) => {
  for (let round = 0; round < 15; round++) {
    // Given a signed-in admin whose session the query service has just used
    const admin = await signedInAdmin(stack);
    assert.is((await admin.get('/api/auth/me')).status, 200);
    assert.is((await admin.get('/api/auth/me')).status, 200);
    // When the session ends in the database (as sign-out ends it, without the HTTP hops in between)
    await stack.db.pool.query('delete from auth.sessions where user_id = $1', [await idOf(stack, ADMIN.username)]);
    // Then the very next read is refused
    assert.is((await admin.get('/api/auth/me')).status, 401, `round ${round}`);
  }
});

test('a new password or role ends a session just used for reads at once', async ({ stack }) => {
  const users = createUserRepository(stack.db.pool);
  await users.upsertAdmin('cached', ADMIN.password);
  const laptop = stack.client();
  assert.is((await laptop.loginAdmin('cached', ADMIN.password)).status, 200);
  assert.is((await laptop.get('/api/auth/me')).status, 200);
  await users.upsertAdmin('cached', 'another long password 456');
  assert.is((await laptop.get('/api/auth/me')).status, 401, 'a new password');

  assert.is((await laptop.loginAdmin('cached', 'another long password 456')).status, 200);
  assert.is((await laptop.get('/api/auth/me')).status, 200);
  await stack.db.pool.query(`update auth.users set role = 'auditor' where id = $1`, [await idOf(stack, 'cached')]);
  assert.is((await laptop.get('/api/auth/me')).status, 401, 'another role');
});

test('a session just used for reads ends at once when its row says it has expired', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  assert.is((await admin.get('/api/auth/me')).status, 200);
  await stack.db.pool.query(`update auth.sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
    await idOf(stack, ADMIN.username),
  ]);
  assert.is((await admin.get('/api/auth/me')).status, 401);
});

test.run();
