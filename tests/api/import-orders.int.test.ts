import type { ImportReport } from '@ot/contracts/imports/import-report.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { orderPayload, type Stack, startStack } from '../support/stack.ts';

const test = suite<{ stack: Stack }>('import orders: POST /api/admin/import', { stack: undefined as never });
test.before(async (context) => {
  context.stack = await startStack();
});
test.after(async ({ stack }) => stack.stop());

const adminOf = async (stack: Stack) => {
  const admin = stack.client();
  await admin.loginAdmin();
  return admin;
};

test('good rows are imported, a bad row is rejected with its number, and the answer says which', async ({ stack }) => {
  const admin = await adminOf(stack);
  const answer = await admin.post<ImportReport>('/api/admin/import', [
    orderPayload({ orderNumber: 'EP-0100', customerEmail: 'first.import@example.com' }),
    orderPayload({ customerEmail: 'not-an-email' }),
    orderPayload({ squarespaceOrderId: 'SQ-1001' }),
  ]);
  assert.is(answer.status, 200);
  assert.is(answer.body.kind, 'orders');
  assert.is(answer.body.imported, 2);
  assert.is(answer.body.importedKeys[0], 'EP-0100');
  assert.equal(answer.body.rejected, [{ row: 2, field: 'customerEmail', message: 'Invalid email address' }]);
  assert.is(answer.body.message, '2 orders imported, 1 rejected.');

  const list = await admin.get<{ orderNumber: string }[]>('/api/admin/orders');
  const numbers = list.body.map((order) => order.orderNumber);
  for (const key of answer.body.importedKeys) assert.ok(numbers.includes(key), key);
});

test('an imported order is placed by the import: its history says so', async ({ stack }) => {
  const admin = await adminOf(stack);
  await admin.post('/api/admin/import', [orderPayload({ orderNumber: 'EP-0200' })]);
  const timeline = await admin.get<{ eventType: string; actor: string }[]>('/api/orders/EP-0200/timeline');
  assert.equal(
    timeline.body.map((row) => [row.eventType, row.actor]),
    [['OrderPlaced', 'import']],
  );
  const { rows } = await stack.db.pool.query<{ kind: string }>(
    `select metadata->'actor'->>'kind' as kind from es.events where stream = 'order-EP-0200'`,
  );
  assert.equal(rows, [{ kind: 'import' }]);
});

test('importing the same file twice creates nothing twice, and says why each row was skipped', async ({ stack }) => {
  const admin = await adminOf(stack);
  const file = [
    orderPayload({ orderNumber: 'EP-0300' }),
    orderPayload({ orderNumber: 'EP-0301' }),
    orderPayload({ squarespaceOrderId: 'SQ-3000' }),
  ];
  const first = await admin.post<ImportReport>('/api/admin/import', file);
  assert.is(first.body.imported, 3);
  await stack.settle();
  const again = await admin.post<ImportReport>('/api/admin/import', file);
  assert.is(again.status, 200);
  assert.is(again.body.imported, 0);
  assert.equal(
    again.body.skipped.map((skip) => [skip.row, skip.reason]),
    [
      [1, 'Order EP-0300 already exists'],
      [2, 'Order EP-0301 already exists'],
      [3, `Squarespace order SQ-3000 was already imported as ${first.body.importedKeys[2]}`],
    ],
  );
  const { rows } = await stack.db.pool.query<{ count: string }>(
    `select count(*) from es.events where type = 'OrderPlaced' and data->>'squarespaceOrderId' = 'SQ-3000'`,
  );
  assert.is(rows[0]?.count, '1');
});

test('an order number already taken in another case (ep-0350 for EP-0350) is skipped, not a second order', async ({
  stack,
}) => {
  const admin = await adminOf(stack);
  const first = await admin.post<ImportReport>('/api/admin/import', [
    orderPayload({ orderNumber: 'EP-0350', customerEmail: 'case.one@example.com' }),
  ]);
  assert.is(first.body.imported, 1);
  await stack.settle();
  const again = await admin.post<ImportReport>('/api/admin/import', [
    orderPayload({ orderNumber: 'ep-0350', customerEmail: 'case.two@example.com' }),
  ]);
  assert.is(again.status, 200);
  assert.is(again.body.imported, 0);
  assert.equal(again.body.skipped, [{ row: 1, key: 'ep-0350', reason: 'Order EP-0350 already exists' }]);
  const { rows } = await stack.db.pool.query<{ stream: string }>(
    `select distinct stream from es.events where upper(stream) = 'ORDER-EP-0350'`,
  );
  assert.equal(rows, [{ stream: 'order-EP-0350' }]);
  const order = await admin.get<{ customerEmail: string }>('/api/orders/ep-0350');
  assert.is(order.body.customerEmail, 'case.one@example.com');
});

test('a row with neither order number nor Squarespace id is the same order when it comes again', async ({ stack }) => {
  const admin = await adminOf(stack);
  const email = 'no.number@example.com';
  const file = [
    orderPayload({ customerEmail: email }),
    orderPayload({ customerEmail: email, notes: 'Second club set' }),
  ];
  const first = await admin.post<ImportReport>('/api/admin/import', file);
  assert.is(first.body.imported, 2);
  // No waiting for the read models: the event store itself refuses the same row twice.
  const again = await admin.post<ImportReport>('/api/admin/import', [...file, file[0]]);
  assert.is(again.body.imported, 0);
  assert.equal(
    again.body.skipped.map((skip) => [skip.row, skip.reason]),
    [
      [1, `This order was already imported as ${first.body.importedKeys[0]}`],
      [2, `This order was already imported as ${first.body.importedKeys[1]}`],
      [3, 'The same order appears twice (row 1)'],
    ],
  );
  // Through the store: the email is kept sealed in the log.
  let placed = 0;
  for await (const event of stack.store.readAudited({})) {
    if (event.type === 'OrderPlaced' && (event.data as { customerEmail: string }).customerEmail === email) placed++;
  }
  assert.is(placed, 2);
});

test('two imports of the same file at once place each order once', async ({ stack }) => {
  const admin = await adminOf(stack);
  const email = 'racing.import@example.com';
  const file = [orderPayload({ customerEmail: email }), orderPayload({ squarespaceOrderId: 'SQ-RACE-1' })];
  const answers = await Promise.all([
    admin.post<ImportReport>('/api/admin/import', file),
    admin.post<ImportReport>('/api/admin/import', file),
  ]);
  assert.equal(
    answers.map((answer) => answer.status),
    [200, 200],
  );
  assert.is(answers[0].body.imported + answers[1].body.imported, 2);
  let placed = 0;
  for await (const event of stack.store.readAudited({})) {
    const data = event.data as { customerEmail?: string; squarespaceOrderId?: string };
    if (event.type === 'OrderPlaced' && (data.customerEmail === email || data.squarespaceOrderId === 'SQ-RACE-1'))
      placed++;
  }
  assert.is(placed, 2);
});

test('each imported order is one event: nothing half-written can be left behind', async ({ stack }) => {
  const admin = await adminOf(stack);
  const answer = await admin.post<ImportReport>('/api/admin/import', [orderPayload(), orderPayload()]);
  for (const orderNumber of answer.body.importedKeys) {
    const { rows } = await stack.db.pool.query<{ type: string; items: number }>(
      `select type, jsonb_array_length(data->'items') as items from es.events where stream = $1`,
      [`order-${orderNumber}`],
    );
    assert.equal(rows, [{ type: 'OrderPlaced', items: 2 }]);
  }
});

test('after importing explicit numbers, add-order never hands out one of them', async ({ stack }) => {
  const admin = await adminOf(stack);
  await admin.post('/api/admin/import', [
    orderPayload({ orderNumber: 'EP-0950' }),
    orderPayload({ orderNumber: 'EP-0940' }),
  ]);
  const next = await admin.get<{ nextOrderNumber: string }>('/api/admin/next-order-number');
  assert.is(next.body.nextOrderNumber, 'EP-0951');
  const added = await admin.post<{ orderNumber: string }>('/api/admin/orders', orderPayload());
  assert.is(added.status, 201);
  assert.is(added.body.orderNumber, 'EP-0951');
});

test('a number far beyond the sequence (a typo) is imported but does not move the sequence', async ({ stack }) => {
  const admin = await adminOf(stack);
  const before = await admin.get<{ nextOrderNumber: string }>('/api/admin/next-order-number');
  const next = Number(before.body.nextOrderNumber.slice('EP-'.length));
  const near = `EP-${String(next + 4).padStart(4, '0')}`;
  const answer = await admin.post<ImportReport>('/api/admin/import', [
    orderPayload({ orderNumber: 'EP-999999999' }),
    orderPayload({ orderNumber: near }),
  ]);
  assert.equal(answer.body.importedKeys, ['EP-999999999', near]);
  const after = await admin.get<{ nextOrderNumber: string }>('/api/admin/next-order-number');
  assert.is(after.body.nextOrderNumber, `EP-${String(next + 5).padStart(4, '0')}`);
});

test('an import where every row is wrong fails with a 400 naming the first problem', async ({ stack }) => {
  const admin = await adminOf(stack);
  const answer = await admin.post<ImportReport>('/api/admin/import', [
    orderPayload({ items: [] }),
    orderPayload({ customerName: '' }),
  ]);
  assert.is(answer.status, 400);
  assert.is(answer.body.message, 'None of the 2 rows could be imported (row 1: At least one item is required)');
  assert.is(answer.body.rejected.length, 2);
});

test('the body must be a non-empty array of orders', async ({ stack }) => {
  const admin = await adminOf(stack);
  const notArray = await admin.post<{ message: string }>('/api/admin/import', { orders: [] });
  assert.is(notArray.status, 400);
  assert.is(notArray.body.message, 'Data must be an array of orders');
  const empty = await admin.post<{ message: string }>('/api/admin/import', []);
  assert.is(empty.status, 400);
  assert.is(empty.body.message, 'No valid data to import');
  const garbage = await admin.post<{ message: string }>('/api/admin/import', '[{"broken": ', {
    'content-type': 'application/json',
  });
  assert.is(garbage.status, 400);
});

test('orders in a JSON file, uploaded or sent as the body, are imported like a JSON body', async ({ stack }) => {
  const admin = await adminOf(stack);
  const form = new FormData();
  const file = JSON.stringify([orderPayload({ customerEmail: 'orders.file@example.com' })]);
  form.append('file', new Blob([file], { type: 'application/json' }), 'orders.json');
  const uploaded = await admin.post<ImportReport>('/api/admin/import', form);
  assert.is(uploaded.status, 200, JSON.stringify(uploaded.body));
  assert.is(uploaded.body.imported, 1);
  const plain = await admin.request<ImportReport>(
    'POST',
    '/api/admin/import',
    JSON.stringify([orderPayload({ customerEmail: 'orders.plain@example.com' })]),
    { 'content-type': 'text/plain' },
  );
  assert.is(plain.body.imported, 1);
  const notJson = await admin.request<{ message: string }>('POST', '/api/admin/import', 'orderNumber,customerEmail\n', {
    'content-type': 'text/csv',
  });
  assert.is(notJson.status, 400);
  assert.is(notJson.body.message, 'Invalid JSON format. Please check your data and try again.');
});

test('only admins can import', async ({ stack }) => {
  const anonymous = stack.client();
  assert.is((await anonymous.post('/api/admin/import', [orderPayload()])).status, 401);
  const admin = await adminOf(stack);
  const placed = await admin.post<{ orderNumber: string; customerEmail: string }>('/api/admin/orders', orderPayload());
  await stack.settle();
  const customer = stack.client();
  await customer.loginCustomer(placed.body.customerEmail, placed.body.orderNumber);
  assert.is((await customer.post('/api/admin/import', [orderPayload()])).status, 403);
});

test.run();
