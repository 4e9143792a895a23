import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { createUserRepository } from '@ot/infra/auth/users.ts';
import { type Client, orderPayload, type Stack } from './stack.ts';

/** The people of a test: each a client with its own cookie jar, already signed in. */
export async function signedInAdmin(stack: Stack): Promise<Client> {
  const admin = stack.client();
  const answer = await admin.loginAdmin();
  if (answer.status !== 200) throw new Error(`admin login failed: ${answer.status}`);
  return admin;
}

export async function signedInCustomer(stack: Stack, email: string, orderNumber: string): Promise<Client> {
  const customer = stack.client();
  const answer = await customer.loginCustomer(email, orderNumber);
  if (answer.status !== 200) throw new Error(`customer login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return customer;
}

/** An order added through the API as an admin would; override what the test is about. */
export async function addOrder(admin: Client, overrides: Record<string, unknown> = {}): Promise<OrderView> {
  const answer = await admin.post<OrderView>('/api/admin/orders', orderPayload(overrides));
  if (answer.status !== 201) throw new Error(`add order failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The order's events as stored, oldest first. */
export async function storedEvents(stack: Stack, orderNumber: string) {
  // Through the store, which opens the personal fields it keeps sealed (infra/src/privacy/).
  const events = await stack.store.readStream(`order-${orderNumber}`);
  return events.map(({ type, data, metadata, version }) => ({
    type,
    data: data as Record<string, unknown>,
    metadata: metadata as unknown as Record<string, unknown>,
    version,
  }));
}

export async function countEvents(stack: Stack): Promise<number> {
  const { rows } = await stack.db.pool.query<{ n: string }>('select count(*) as n from es.events');
  return Number(rows[0]?.n);
}

/**
 * A staff member other than the stack's admin (an auditor, a second admin), created as `npm run admin --
 * create` would and signed in at the staff login.
 */
export async function signedInStaff(
  stack: Stack,
  who: { username: string; password: string },
  role: 'admin' | 'auditor' = 'admin',
): Promise<Client> {
  await createUserRepository(stack.db.pool).upsertAdmin(who.username, who.password, undefined, role);
  const client = stack.client();
  const answer = await client.loginAdmin(who.username, who.password);
  if (answer.status !== 200) throw new Error(`${role} ${who.username} could not sign in: ${answer.status}`);
  return client;
}
