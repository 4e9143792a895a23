import type { ImportReport } from '@ot/contracts/imports/import-report.ts';
import type { Customer } from '@ot/contracts/orders/order-views.ts';
import { type RecordingListener, startRecordingListener } from '@ot/infra/testing/recording-listener.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Client, orderPayload, type Stack, startStack } from '../support/stack.ts';

interface Context {
  stack: Stack;
  drive: RecordingListener;
  internal: RecordingListener;
  admin: Client;
}
const test = suite<Context>('import customers: JSON rows, CSV and Google Drive', {} as Context);

const SHEET_ID = 'sheet1234567890abcdef';
const DRIVE_CSV = '\uFEFFFirst Name,Last Name,Email,Phone\r\nDrive,One,drive.one@example.com,01234\r\n';

test.before(async (context) => {
  // Google Drive, played by a local server: the export link of a shared sheet answers CSV.
  context.drive = await startRecordingListener((req, res) => {
    const url = new URL(req.url ?? '/', 'http://drive');
    if (url.pathname === `/spreadsheets/d/${SHEET_ID}/export` && url.searchParams.get('format') === 'csv') {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.end(DRIVE_CSV);
    } else if (url.pathname === '/uc') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Sign in to continue</html>');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  context.internal = await startRecordingListener();
  context.stack = await startStack({ DOCUMENT_FETCH_ORIGINS: `http://127.0.0.1:${context.drive.port}` });
  context.admin = context.stack.client();
  await context.admin.loginAdmin();
});
test.after(async ({ stack, drive, internal }) => {
  await stack.stop();
  await drive.close();
  await internal.close();
});

const csv = (admin: Client, body: string) =>
  admin.post<ImportReport>('/api/admin/import-customers', body, { 'content-type': 'text/csv' });

const search = async (admin: Client, q: string) =>
  (await admin.get<Customer[]>(`/api/admin/customers?q=${encodeURIComponent(q)}`)).body;

test('JSON rows are imported and appear in the customers directory', async ({ admin }) => {
  const answer = await admin.post<ImportReport>('/api/admin/import-customers', [
    { firstName: 'Json', lastName: 'Golfer', email: 'json.golfer@example.com', phone: '07700 900001' },
    { firstName: 'No', lastName: 'Email', email: '', phone: '' },
  ]);
  assert.is(answer.status, 200);
  assert.is(answer.body.imported, 1);
  assert.equal(answer.body.skipped, [{ row: 2, key: null, reason: 'Missing first name, last name or email' }]);
  const found = await search(admin, 'json.golfer');
  assert.equal(
    found.map((c) => [c.customerName, c.customerEmail, c.customerPhone]),
    [['Json Golfer', 'json.golfer@example.com', '07700 900001']],
  );
});

test('a real-world CSV export: BOM, CRLF, quoted commas and newlines, missing cells, duplicates', async ({
  admin,
  stack,
}) => {
  const body = [
    '\uFEFFFirst Name,Last Name,E-mail Address,Phone Number,Notes',
    '"Mary, Ann",O\'Brien,mary.ann@example.com,"+44 7700 900123","likes ""blades""\nand stiff shafts"',
    'Tom,,tom@example.com,,',
    'Dup,One,Dupe@Example.com,,',
    'Dup,Two,dupe@example.com,,',
    'Bad,Email,not-an-email,,',
    '',
    '=HYPERLINK("http://evil.test"),@SUM(A1),formula@example.com,-1+2,',
  ].join('\r\n');
  const answer = await csv(admin, body);
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(answer.body.importedKeys, ['mary.ann@example.com', 'Dupe@Example.com', 'formula@example.com']);
  assert.equal(
    answer.body.skipped.map((s) => [s.row, s.reason]),
    [
      [3, 'Missing first name, last name or email'],
      [5, 'Same email as row 4'],
    ],
  );
  assert.equal(answer.body.rejected, [{ row: 6, field: 'email', message: 'Invalid email address' }]);
  await stack.settle();
  assert.is((await search(admin, 'mary.ann'))[0]?.customerName, "Mary, Ann O'Brien");
  const formula = (await search(admin, 'formula@'))[0];
  assert.is(formula?.customerName, '=HYPERLINK("http://evil.test") @SUM(A1)', 'kept as text, never evaluated');
  assert.is(formula?.customerPhone, '-1+2');
});

test('formula cells come back out of the customers export neutralised', async ({ admin, stack }) => {
  await stack.settle();
  const exported = await admin.raw('/api/admin/customers/export');
  assert.is(exported.status, 200);
  assert.match(exported.headers.get('content-type') ?? '', /^text\/csv/);
  assert.match(exported.headers.get('content-disposition') ?? '', /attachment/);
  const text = await exported.text();
  assert.ok(text.includes(`"'=HYPERLINK(""http://evil.test"") @SUM(A1)",formula@example.com,'-1+2`), text);
  assert.not.match(text, /(^|\n|,)=HYPERLINK/);
  const customer = stack.client();
  assert.is((await customer.get('/api/admin/customers/export')).status, 401);
});

test('a semicolon-separated export (European Excel) is read', async ({ admin }) => {
  const answer = await csv(admin, 'Vorname First Name;Last Name;Email\nJürgen;Müller, Jr;juergen@example.com\n');
  assert.is(answer.status, 200);
  assert.equal(answer.body.importedKeys, ['juergen@example.com']);
});

test('importing the same file twice creates nothing twice', async ({ admin, stack }) => {
  const body = 'First Name,Last Name,Email\nTwice,Imported,twice@example.com\nOnce,More,once.more@example.com\n';
  assert.is((await csv(admin, body)).body.imported, 2);
  const again = await csv(admin, body);
  assert.is(again.body.imported, 0);
  assert.equal(
    again.body.skipped.map((s) => s.reason),
    ['A customer with this email already exists', 'A customer with this email already exists'],
  );
  await stack.settle();
  const third = await csv(admin, body);
  assert.is(third.body.imported, 0);
  const { rows } = await stack.db.pool.query<{ count: string }>(
    `select count(*) from es.events where stream = 'customer-twice@example.com'`,
  );
  assert.is(rows[0]?.count, '1');
});

test('a customer already known from an order is not imported again, and keeps the order details', async ({
  admin,
  stack,
}) => {
  const placed = await admin.post<{ customerEmail: string }>('/api/admin/orders', orderPayload());
  await stack.settle();
  const answer = await admin.post<ImportReport>('/api/admin/import-customers', [
    { firstName: 'Other', lastName: 'Name', email: placed.body.customerEmail.toUpperCase() },
  ]);
  assert.equal(
    answer.body.skipped.map((s) => s.reason),
    ['A customer with this email already exists'],
  );
  assert.is((await search(admin, placed.body.customerEmail))[0]?.customerName, 'Jane Golfer');
});

test('a CSV needs a header row and at least one data row, and the columns the spec names', async ({ admin }) => {
  const headerOnly = await csv(admin, 'First Name,Last Name,Email\r\n');
  assert.is(headerOnly.status, 400);
  assert.is(
    (headerOnly.body as unknown as { message: string }).message,
    'CSV must have a header row and at least one data row',
  );
  assert.is((await csv(admin, '')).status, 400);
  const noEmail = await csv(admin, 'First Name,Last Name\nA,B\n');
  assert.is(noEmail.status, 400);
  assert.match((noEmail.body as unknown as { message: string }).message, /missing: email/);
  const broken = await csv(admin, 'First Name,Last Name,Email\nA,"B,c@example.com\n');
  assert.is(broken.status, 400);
});

test('a JSON body must be an array of customers', async ({ admin }) => {
  const answer = await admin.post<{ message: string }>('/api/admin/import-customers', { firstName: 'x' });
  assert.is(answer.status, 400);
  assert.is(answer.body.message, 'Data must be an array of customers');
});

test('a Google Drive share link is turned into its CSV export and imported', async ({ admin, drive }) => {
  const url = `http://127.0.0.1:${drive.port}/spreadsheets/d/${SHEET_ID}/edit?usp=sharing`;
  const answer = await admin.post<ImportReport>('/api/admin/import-customers-from-drive', { googleDriveUrl: url });
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(answer.body.importedKeys, ['drive.one@example.com']);
  assert.ok(drive.hits.some((hit) => hit.url === `/spreadsheets/d/${SHEET_ID}/export?format=csv`));
});

test('a Drive file that is not shared (a sign-in page) is a clear 422', async ({ admin, drive }) => {
  const url = `http://127.0.0.1:${drive.port}/file/d/${SHEET_ID}/view`;
  const answer = await admin.post<{ message: string }>('/api/admin/import-customers-from-drive', {
    googleDriveUrl: url,
  });
  assert.is(answer.status, 422);
  assert.match(answer.body.message, /Anyone with the link/);
});

test('Drive links to internal addresses are refused and never fetched', async ({ admin, internal }) => {
  const port = internal.port;
  for (const googleDriveUrl of [
    `http://127.0.0.1:${port}/spreadsheets/d/${SHEET_ID}/edit`,
    `http://2130706433:${port}/x.csv`,
    `http://0x7f000001:${port}/x.csv`,
    `http://0177.0.0.1:${port}/x.csv`,
    `http://127.1:${port}/x.csv`,
    `http://0.0.0.0:${port}/x.csv`,
    `http://[::1]:${port}/x.csv`,
    `http://[::ffff:127.0.0.1]:${port}/x.csv`,
    `http://localhost.:${port}/x.csv`,
    `http://127.0.0.1:${port}@docs.google.com/x.csv`,
    `https://docs.google.com@127.0.0.1:${port}/x.csv`,
    `http://169.254.169.254/latest/meta-data/`,
    'file:///etc/passwd',
  ]) {
    const answer = await admin.post<{ message: string }>('/api/admin/import-customers-from-drive', { googleDriveUrl });
    assert.is(answer.status, 400, googleDriveUrl);
  }
  assert.equal(internal.hits, []);
  const missing = await admin.post<{ message: string }>('/api/admin/import-customers-from-drive', {});
  assert.is(missing.body.message, 'Google Drive URL is required');
});

test.run();
