import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin, signedInCustomer } from '../../../tests/support/scenario.ts';
import { ADMIN, type Stack, startStack, uniqueEmail } from '../../../tests/support/stack.ts';

/**
 * Sessions and order views answered from memory (change-signal.ts, kept.ts): they serve only while they
 * are exactly what the database would answer for that request.
 */
const test = suite<{ stack: Stack }>('answers kept in memory', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const adminId = async (stack: Stack) =>
  (
    await stack.db.pool.query<{ id: string }>('select id from auth.users where username = $1 and is_admin', [
      ADMIN.username,
    ])
  ).rows[0]?.id;

/** Ends the admin's sessions with triggers off for this statement: no NOTIFY, as if it were missed. */
async function endSessionsUnheard(stack: Stack) {
  const client = await stack.db.pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query('delete from auth.sessions where user_id = $1', [await adminId(stack)]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

/** Cuts the query service's LISTEN connection (its change signal), as a database restart or a network cut would. */
async function cutSignal(stack: Stack): Promise<number> {
  const { rowCount } = await stack.db.pool.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and (query = 'listen auth_changed' or query like 'select (select e.transaction_id%')`,
  );
  return rowCount ?? 0;
}

test('a session used once is served from memory after that (its row is not read again)', async ({ stack }) => {
  // Given an admin who has read once
  const admin = await signedInAdmin(stack);
  assert.is((await admin.get('/api/auth/me')).status, 200);
  // When the session row goes away unheard (no notification: what only the database knows)
  await endSessionsUnheard(stack);
  // Then the next read is still served: it came from memory (the test below shows a heard end refuses at once)
  assert.is((await admin.get('/api/auth/me')).status, 200);
});

test('signing out ends a session kept in memory at once, through the API, every time', async ({ stack }) => {
  for (let round = 0; round < 10; round++) {
    const admin = await signedInAdmin(stack);
    assert.is((await admin.get('/api/auth/me')).status, 200);
    assert.is((await admin.get('/api/auth/me')).status, 200);
    assert.is((await admin.post('/api/auth/logout', {})).status < 300, true);
    assert.is((await admin.get('/api/auth/me')).status, 401, `round ${round}`);
  }
});

test('a kept session ends at its absolute lifetime with no change in the database', async ({ stack }) => {
  const admin = await signedInAdmin(stack);
  await stack.db.pool.query(
    `update auth.sessions set expires_at = now() + interval '700 milliseconds' where user_id = $1`,
    [await adminId(stack)],
  );
  assert.is((await admin.get('/api/auth/me')).status, 200);
  assert.is((await admin.get('/api/auth/me')).status, 200); // from memory
  await new Promise((resolve) => setTimeout(resolve, 800));
  assert.is((await admin.get('/api/auth/me')).status, 401);
});

test('while the LISTEN connection is lost nothing kept is trusted, and once it is back memory serves again', async ({
  stack,
}) => {
  // Given a session kept in memory
  const admin = await signedInAdmin(stack);
  assert.is((await admin.get('/api/auth/me')).status, 200);
  // When the signal's connection is cut and the session ends while nobody listens
  assert.ok((await cutSignal(stack)) >= 1, 'the signal connection was found');
  await endSessionsUnheard(stack);
  // Then the next read is refused (read from the database, or memory forgotten on reconnecting)
  assert.is((await admin.get('/api/auth/me')).status, 401);
  // And once the connection is back, a new session is kept again (served with its row gone unheard)
  await new Promise((resolve) => setTimeout(resolve, 500));
  const again = await signedInAdmin(stack);
  assert.is((await again.get('/api/auth/me')).status, 200);
  await endSessionsUnheard(stack);
  assert.is((await again.get('/api/auth/me')).status, 200);
});

test('an order view kept in memory never hides a write committed before the read, nor crosses readers', async ({
  stack,
}) => {
  // Given an order read (with no x-min-position) by an admin and by its customer, both views kept
  const writer = await signedInAdmin(stack);
  const email = uniqueEmail();
  const order = await addOrder(writer, { customerEmail: email, fitterNotes: 'staff only' });
  const strangerEmail = uniqueEmail();
  const strangersOrder = await addOrder(writer, { customerEmail: strangerEmail });
  await stack.settle();
  const admin = await signedInAdmin(stack);
  const customer = await signedInCustomer(stack, email, order.orderNumber);
  const stranger = await signedInCustomer(stack, strangerEmail, strangersOrder.orderNumber);
  const item = order.items[0];
  assert.ok(item);
  for (let i = 0; i < 2; i++) {
    const staffView = await admin.get<{ fitterNotes?: string }>(`/api/orders/${order.orderNumber}`);
    assert.is(staffView.body.fitterNotes, 'staff only');
    const seen = await customer.get<Record<string, unknown>>(`/api/orders/${order.orderNumber}`);
    assert.is(seen.status, 200);
    assert.not.ok('fitterNotes' in seen.body, 'a customer never gets the staff view');
    assert.is((await stranger.get(`/api/orders/${order.orderNumber}`)).status, 404);
  }
  // When the writer changes the item; the readers then read knowing no position
  const changed = await writer.patch(
    `/api/admin/orders/${order.orderNumber}/items/${item.id}`,
    { estimatedDelivery: '2031-01-02' },
    { 'if-match': `"${order.version}"` },
  );
  assert.is(changed.status, 200);
  // Then each sees the change: the read waited for the log's head, and the views kept were read before it
  for (const reader of [admin, customer]) {
    const read = await reader.get<{ items: { estimatedDelivery: string | null }[] }>(
      `/api/orders/${order.orderNumber}`,
    );
    assert.is(read.headers.get('x-min-position-reached'), 'true');
    assert.is(read.body.items[0]?.estimatedDelivery, '2031-01-02');
  }
  assert.is((await stranger.get(`/api/orders/${order.orderNumber}`)).status, 404);
});

test('read-model tables swapped in by a rebuild are read at once, though the checkpoint did not move', async ({
  stack,
}) => {
  // Given an order whose live row went wrong (as an old projection's bug would leave it), read and kept so
  const writer = await signedInAdmin(stack);
  const order = await addOrder(writer);
  await stack.settle();
  await stack.db.pool.query(`update rm.orders set customer_name = 'Wrong' where order_number = $1`, [
    order.orderNumber,
  ]);
  const admin = await signedInAdmin(stack);
  for (let i = 0; i < 2; i++) {
    assert.is(
      (await admin.get<{ customerName: string }>(`/api/orders/${order.orderNumber}`)).body.customerName,
      'Wrong',
    );
  }
  // When a rebuild replays the log into new tables and swaps them in
  await stack.rebuild();
  // Then the next read is from the new tables
  const read = await admin.get<{ customerName: string }>(`/api/orders/${order.orderNumber}`);
  assert.is(read.body.customerName, order.customerName);
});

test.run();
