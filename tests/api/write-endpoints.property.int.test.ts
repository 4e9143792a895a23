import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, countEvents, signedInAdmin } from '../support/scenario.ts';
import { type Client, orderPayload, type Stack, startStack } from '../support/stack.ts';

/**
 * Whatever a client sends to a write endpoint, it gets a 2xx or a 4xx (never a 5xx), a refused
 * request writes nothing, and afterwards the read models are exactly what a rebuild from the events
 * gives.
 */
interface World {
  stack: Stack;
  admin: Client;
  order: OrderView;
}
const test = suite<World>('random and malformed JSON at every write endpoint', {} as World);
test.before(async (context) => {
  context.stack = await startStack({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000', LOGIN_MAX_FAILURES_PER_CLIENT: '1000' });
  context.admin = await signedInAdmin(context.stack);
  context.order = await addOrder(context.admin);
});
test.after(async ({ stack }) => {
  await stack.stop();
});

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) });
const anyValue = fc.oneof(
  fc.jsonValue(),
  anyText,
  fc.constantFrom('', ' ', '2026-02-30', '2026-12-01', 'order_shipped', 'Ping', 'x@y.co', -1, 1e20, 0.5, null, true),
);

/** A valid body with one field replaced, removed or added: most of the schema's branches get hit. */
const mutated = (valid: Record<string, unknown>) =>
  fc
    .tuple(fc.constantFrom(...Object.keys(valid), 'unexpected', '__proto__', 'constructor'), anyValue, fc.boolean())
    .map(([key, value, remove]) => {
      const body: Record<string, unknown> = { ...valid };
      if (remove) delete body[key];
      else Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      return JSON.stringify(body);
    });

/** Raw text that is sometimes JSON and sometimes not. */
const rawBodies = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  anyText,
  fc.constantFrom('{', '{"status":', '[{]', '{"a":1,}', 'null', '"', '\u0000', '{"status":"\\ud800"}'),
);

interface Endpoint {
  name: string;
  method: string;
  path: (world: World) => string;
  valid: (world: World) => Record<string, unknown>;
  /** Who sends it: the admin, or a throwaway client (logins and logout must not end the admin's session). */
  asAdmin: boolean;
}

const endpoints: Endpoint[] = [
  { name: 'add order', method: 'POST', path: () => '/api/admin/orders', valid: () => orderPayload(), asAdmin: true },
  {
    name: 'update order',
    method: 'PATCH',
    path: (w) => `/api/admin/orders/${w.order.orderNumber}/status`,
    valid: () => ({
      status: 'order_placed_with_manufacturer',
      trackingNumber: 'PF1',
      estimatedDelivery: '2026-12-01',
      notes: 'n',
      fitterNotes: 'f',
      customerEmail: 'someone@example.com',
      shippingCity: 'Troon',
      billingName: 'B',
      documentUrl: 'https://docs.example.com/a.pdf',
      notifyCustomer: false,
    }),
    asAdmin: true,
  },
  {
    name: 'update item',
    method: 'PATCH',
    path: (w) => `/api/admin/orders/${w.order.orderNumber}/items/${w.order.items[0]?.id}`,
    valid: () => ({ status: 'order_arrived_awaiting_qc', estimatedDelivery: '2026-12-01', manufacturer: 'Ping' }),
    asAdmin: true,
  },
  {
    name: 'customer login',
    method: 'POST',
    path: () => '/api/auth/customer/login',
    valid: (w) => ({ email: w.order.customerEmail, orderNumber: w.order.orderNumber }),
    asAdmin: false,
  },
  {
    name: 'admin login',
    method: 'POST',
    path: () => '/api/auth/admin/login',
    valid: () => ({ username: 'admin', password: 'wrong' }),
    asAdmin: false,
  },
  { name: 'logout', method: 'POST', path: () => '/api/auth/logout', valid: () => ({}), asAdmin: false },
];

const headerSets = fc.record(
  {
    'x-send-email': fc.constantFrom('true', 'false', 'TRUE', ''),
    'If-Match': fc.constantFrom('1', '"2"', 'W/"3"', '*', 'garbage', '99999999999'),
    'content-type': fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
  },
  { requiredKeys: [] },
);

for (const endpoint of endpoints) {
  test(`${endpoint.name}: only 2xx or 4xx, and a refusal writes nothing`, async (world) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutated(endpoint.valid(world)), rawBodies), headerSets, async (body, headers) => {
        const client = endpoint.asAdmin ? world.admin : world.stack.client();
        const before = await countEvents(world.stack);
        const answer = await client.request<{ message?: unknown }>(
          endpoint.method,
          endpoint.path(world),
          body,
          headers,
        );
        assert.ok(answer.status >= 200 && answer.status < 500, `${answer.status} for ${body}`);
        if (answer.status >= 400) {
          assert.type(answer.body?.message, 'string', `a message for ${body}`);
          assert.is(await countEvents(world.stack), before, `nothing written for ${body}`);
        }
      }),
      { numRuns: 120 },
    );
  });
}

const readModels = ['rm.orders', 'rm.order_items', 'rm.order_timeline', 'rm.customers'];

async function dump(stack: Stack): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of readModels) {
    const { rows } = await stack.db.pool.query(`select * from ${table} t order by t::text`);
    tables[table] = rows;
  }
  return tables;
}

test('after all that, the read models equal a rebuild from the events', async ({ stack }) => {
  await stack.settle();
  const live = await dump(stack);
  assert.ok((live['rm.orders'] ?? []).length > 1, 'some writes went through');
  await stack.rebuild();
  await stack.settle();
  assert.equal(await dump(stack), live);
});

test.run();
