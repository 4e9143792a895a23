import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { CustomerData, ErasureResult } from '@ot/contracts/customers/customer-privacy.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { verifyEventChains } from '@ot/infra/event-store/postgres-chain-verify.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { expiredCustomers } from '@ot/infra/privacy/retention.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { projections } from '../../projector/src/projections/all-projections.ts';
import { verifyReadModels } from '../../projector/src/rebuild/verify-read-models.ts';
import { addOrder, signedInAdmin, signedInCustomer } from '../support/scenario.ts';
import { type Client, orderPayload, type Stack, startStack, uniqueEmail } from '../support/stack.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** One person with words found nowhere else, so a dump can be searched for every one of them. */
function person(tag: string) {
  return {
    email: uniqueEmail(`privacy-${tag}`),
    name: `Zebedee ${tag}Quartermain`,
    phone: `07700 9${tag.length}${tag.charCodeAt(0)}55`,
    address1: `17 ${tag}Quillfeather Row`,
    notes: `Prefers a ${tag}stiffshaft grip`,
    fitterNotes: `Fitter saw ${tag}wristhinge early`,
  };
}
type Person = ReturnType<typeof person>;

interface Context {
  stack: Stack;
  admin: Client;
}
const test = suite<Context>('the right to erasure and of access', {} as Context);

test.before(async (context) => {
  context.stack = await startStack();
  context.admin = await signedInAdmin(context.stack);
});
test.after(({ stack }) => stack.stop());

/** Orders, a spec sheet, notes, an email and a session: everything a customer leaves behind. */
async function customerWithHistory({ stack, admin }: Context, who: Person) {
  const form = new FormData();
  form.append('orderNumber', 'EP-9999');
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), `Spec for ${who.name}.pdf`);
  const uploaded = await admin.post<{ documentUrl: string }>('/api/admin/upload-document', form);
  assert.is(uploaded.status, 201);
  const address = { name: who.name, address1: who.address1, city: 'Fife', zipCode: 'KY16 9AA', country: 'UK' };
  const order = await addOrder(admin, {
    customerEmail: who.email,
    customerName: who.name,
    customerPhone: who.phone,
    shippingAddress: address,
    notes: who.notes,
    items: [
      {
        name: 'Driver',
        sku: null,
        price: 49_900,
        quantity: 1,
        manufacturer: 'Titleist',
        status: null,
        estimatedDelivery: null,
        documentUrl: uploaded.body.documentUrl,
      },
    ],
  });
  const patched = await admin.patch(`/api/admin/orders/${order.orderNumber}/status`, {
    status: 'order_being_processed',
    fitterNotes: who.fitterNotes,
  });
  assert.is(patched.status, 200);
  assert.is((await admin.post('/api/admin/test-email', { email: who.email })).status, 202);
  await stack.settle();
  const customer = await signedInCustomer(stack, who.email, order.orderNumber);
  return { order, customer };
}

/**
 * The whole database as text: every row of every table (any schema but the system's), and pg_dump's
 * output too where its version can dump this server (the embedded Postgres may be newer than Debian's).
 */
async function dump(stack: Stack): Promise<string> {
  const { rows: tables } = await stack.db.pool.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await stack.db.pool.query<{ row: string }>(`select t::text as row from ${name} t`);
    parts.push(...rows.map((row) => row.row));
  }
  const dumped = await promisify(execFile)('pg_dump', ['--no-owner', stack.db.url], { maxBuffer: 256 * 1024 * 1024 })
    .then((result) => result.stdout)
    .catch((error: Error) => {
      if (!/version mismatch/.test(error.message)) throw error;
      return '';
    });
  return `${parts.join('\n')}\n${dumped}`;
}

const traces = (who: Person) => [who.email, who.name, who.phone, who.address1, who.notes, who.fitterNotes];

test('the event log holds a customer only as ciphertext, before any erasure', async (context) => {
  const who = person('Aa');
  await customerWithHistory(context, who);
  const { rows } = await context.stack.db.pool.query<{ text: string }>(
    `select string_agg(stream || ' ' || data::text || ' ' || metadata::text, E'\\n') as text from es.events`,
  );
  for (const trace of traces(who)) assert.not.ok(rows[0]?.text.includes(trace), `the log holds ${trace}`);
});

test('after an erasure no table holds the customer; both verifications pass; the others are untouched', async (context) => {
  const { stack, admin } = context;
  const gone = person('Bb');
  const kept = person('Cc');
  const erased = await customerWithHistory(context, gone);
  const other = await customerWithHistory(context, kept);
  const answer = await admin.post<ErasureResult>('/api/admin/customers/erase', {
    email: gone.email,
    reason: 'Asked to be forgotten',
  });
  assert.is(answer.status, 200);
  assert.equal(answer.body.orderNumbers, [erased.order.orderNumber]);
  await stack.settle();

  const text = await dump(stack);
  for (const trace of traces(gone)) assert.not.ok(text.includes(trace), `the dump holds ${trace}`);
  assert.ok(text.includes(kept.name) && text.includes(kept.email), 'the other customer is still there');

  const chains = await verifyEventChains(stack.db.pool);
  assert.equal(chains.broken, []);
  const logger = createLogger('test', 'silent');
  const report = await verifyReadModels({ pool: stack.db.pool, store: stack.store, projections, logger });
  assert.ok(report.ok, JSON.stringify(report.tables.filter((table) => !table.ok)));

  const order = await admin.get<OrderView>(`/api/orders/${erased.order.orderNumber}`);
  assert.is(order.body.customerName, 'Erased customer');
  assert.is(order.body.total, erased.order.total);
  assert.is(order.body.items.length, 1);
  assert.is((await erased.customer.get('/api/customer/orders')).status, 401);
  assert.is((await stack.client().loginCustomer(gone.email, erased.order.orderNumber)).status, 401);
  assert.is((await admin.post('/api/admin/customers/erase', { email: gone.email, reason: 'again' })).status, 404);
  const { rows: left } = await stack.db.pool.query<{ documents: number; chunked: number }>(
    `select (select count(*)::int from documents.documents) as documents,
            (select count(distinct document_id)::int from documents.chunks) as chunked`,
  );
  assert.equal(left[0], { documents: 2, chunked: 2 }, 'only the spec sheets of others are left, bytes and records');

  const kept2 = await admin.get<OrderView>(`/api/orders/${other.order.orderNumber}`);
  assert.is(kept2.body.customerName, kept.name);
  assert.is((await other.customer.get('/api/customer/orders')).status, 200);
});

test('a customer downloads their data, and staff export it by email, spec sheets included', async (context) => {
  const who = person('Dd');
  const { order, customer } = await customerWithHistory(context, who);
  const mine = await customer.get<CustomerData>('/api/customer/export');
  assert.is(mine.status, 200);
  assert.is(mine.body.orders.length, 1);
  assert.is(mine.body.orders[0]?.customer_name, who.name);
  assert.is(mine.body.orders[0]?.fitter_notes, who.fitterNotes);
  assert.is(mine.body.specSheets.length, 1);
  assert.ok(Buffer.from(mine.body.specSheets[0]?.base64 ?? '', 'base64').equals(PDF));
  assert.ok(mine.body.emails.length >= 1);
  assert.ok(mine.body.account);
  const staff = await context.admin.get<CustomerData>(
    `/api/admin/customers/export?email=${encodeURIComponent(who.email)}`,
  );
  assert.is(staff.status, 200);
  assert.equal(
    staff.body.orders.map((o) => o.order_number),
    [order.orderNumber],
  );
  assert.is((await context.admin.get('/api/admin/customers/export?email=nobody%40example.com')).status, 404);
  assert.is((await customer.get(`/api/admin/customers/export?email=${encodeURIComponent(who.email)}`)).status, 403);
  assert.is((await customer.post('/api/admin/customers/erase', { email: who.email, reason: 'x' })).status, 403);
});

test('retention: customers whose last order activity is older than the limit, by the order date as the studio counts it', async ({
  stack,
  admin,
}) => {
  const old = uniqueEmail('retention-old');
  const recent = uniqueEmail('retention-recent');
  // Imported today, placed years ago: it counts from its own date.
  assert.is(
    (await admin.post('/api/admin/import', [orderPayload({ customerEmail: old, orderDate: '2015-03-02' })])).status,
    200,
  );
  await addOrder(admin, { customerEmail: recent, orderDate: '2015-03-02' });
  const stillActive = await admin.get<OrderView[]>('/api/admin/orders');
  const recentOrder = stillActive.body.find((order) => order.customerEmail === recent) as OrderView;
  const item = recentOrder.items[0]?.id as string;
  assert.is(
    (
      await admin.patch(`/api/admin/orders/${recentOrder.orderNumber}/items/${item}`, {
        status: 'order_placed_with_manufacturer',
      })
    ).status,
    200,
  );
  await stack.settle();
  const expired = await expiredCustomers(stack.db.pool, 5, new Date());
  const emails = expired.map((customer) => customer.email);
  assert.ok(emails.includes(old));
  assert.not.ok(emails.includes(recent), 'an item changed today is activity');
  assert.is(expired.find((customer) => customer.email === old)?.lastActivity, '2015-03-02');
});

test.run();
