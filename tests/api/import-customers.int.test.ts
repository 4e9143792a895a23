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

test('spreadsheet exports as they really come get their customers in', async ({ admin, stack }) => {
  const exports: [string, string | Buffer, string][] = [
    [
      'Excel UTF-8 CSV (BOM, CRLF, trailing empty columns and lines)',
      '\uFEFFFirst Name,Last Name,Email,Phone Number,,\r\nXl,Golfer,xl@sheets.example.com,07700 900001,,\r\n,,,,,\r\n,,,,,\r\n',
      'text/csv',
    ],
    [
      'Google Sheets (LF, no final newline)',
      'first_name,last_name,email,phone\ngs,Golfer,gs@sheets.example.com,',
      'text/csv',
    ],
    [
      'LibreOffice (semicolons, every cell quoted)',
      '"FirstName";"LastName";"E-mail";"Mobile"\n"Lo";"Golfer, Jr";"lo@sheets.example.com";"0771"\n',
      'text/csv',
    ],
    [
      'Numbers (columns in another order)',
      'Email Address,Last Name,First Name\nnu@sheets.example.com,Golfer,Nu\n',
      'text/csv',
    ],
    [
      'Excel "Unicode text" (UTF-16, tabs)',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('First Name\tLast Name\tEmail\r\nUni\tGolfer\tuni@sheets.example.com\r\n', 'utf16le'),
      ]),
      'text/plain',
    ],
    [
      'a .csv as Windows labels it',
      'First Name,Last Name,Email\nWin,Golfer,win@sheets.example.com\n',
      'application/vnd.ms-excel',
    ],
    [
      'a file sent with no type',
      'First Name,Last Name,Email\nRaw,Golfer,raw@sheets.example.com\n',
      'application/octet-stream',
    ],
    [
      'a contacts export with a whole-name column',
      'Name,E-mail,Tel\nMary Ann Golfer,ma@sheets.example.com,1\n',
      'text/csv',
    ],
    [
      'a shop export with marketing columns first',
      'Email Marketing Opt-in,First Name,Last Name,Email\nyes,Shop,Golfer,shop@sheets.example.com\n',
      'text/csv',
    ],
  ];
  for (const [name, body, type] of exports) {
    const answer = await admin.request<ImportReport>('POST', '/api/admin/import-customers', body, {
      'content-type': type,
    });
    assert.is(answer.status, 200, `${name}: ${JSON.stringify(answer.body)}`);
    assert.is(answer.body.imported, 1, name);
    assert.equal(answer.body.rejected, [], name);
  }
  await stack.settle();
  const found = await search(admin, 'sheets.example.com');
  const byEmail = Object.fromEntries(found.map((c) => [c.customerEmail, [c.customerName, c.customerPhone]]));
  assert.equal(byEmail['xl@sheets.example.com'], ['Xl Golfer', '07700 900001']);
  assert.equal(byEmail['lo@sheets.example.com'], ['Lo Golfer, Jr', '0771']);
  assert.equal(byEmail['nu@sheets.example.com'], ['Nu Golfer', null]);
  assert.equal(byEmail['ma@sheets.example.com'], ['Mary Ann Golfer', '1']);
  assert.equal(byEmail['shop@sheets.example.com'], ['Shop Golfer', null]);
});

test('a CSV uploaded as a form file, or a JSON file, is imported like the body', async ({ admin }) => {
  const form = new FormData();
  form.append(
    'file',
    new Blob(['First Name,Last Name,Email\nForm,Upload,form.upload@example.com\n'], { type: 'text/csv' }),
    'customers.csv',
  );
  const uploaded = await admin.post<ImportReport>('/api/admin/import-customers', form);
  assert.equal(uploaded.body.importedKeys, ['form.upload@example.com']);

  const json = JSON.stringify([{ 'First Name': 'Json', 'Last Name': 'File', 'E-mail': 'json.file@example.com' }]);
  const asFile = await admin.request<ImportReport>('POST', '/api/admin/import-customers', json, {
    'content-type': 'text/plain',
  });
  assert.equal(asFile.body.importedKeys, ['json.file@example.com']);

  const cutOff = '--cut\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\n\r\nFirst Name';
  const broken = await admin.request<{ message: string }>('POST', '/api/admin/import-customers', cutOff, {
    'content-type': 'multipart/form-data; boundary=cut',
  });
  assert.is(broken.status, 400);
  assert.is(broken.body.message, 'The upload is not a valid multipart form');
});

test('JSON rows are read whatever the spelling of their keys; rows with only an email are skipped', async ({
  admin,
}) => {
  const answer = await admin.post<ImportReport>('/api/admin/import-customers', [
    { first_name: 'Snake', last_name: 'Case', email: 'snake.case@example.com' },
    { customerName: 'Whole Name', customerEmail: 'whole.name@example.com', customerPhone: '0123' },
    { email: 'only.email@example.com' },
    { firstName: 'Other', lastName: 'Case', email: 'SNAKE.CASE@example.com' },
  ]);
  assert.is(answer.status, 200);
  assert.equal(answer.body.importedKeys, ['snake.case@example.com', 'whole.name@example.com']);
  assert.equal(
    answer.body.skipped.map((s) => [s.row, s.reason]),
    [
      [3, 'Missing first name, last name or email'],
      [4, 'Same email as row 1'],
    ],
  );
});

test('a NUL byte in a CSV is dropped, never a 500', async ({ admin }) => {
  const answer = await csv(admin, 'First Name,Last Name,Email\nNu\u0000ll,Byte,nul.byte@example.com\n');
  assert.is(answer.status, 200);
  assert.equal(answer.body.importedKeys, ['nul.byte@example.com']);
  const json = await admin.request<{ message: string }>(
    'POST',
    '/api/admin/import-customers',
    '[{"firstName":"a\\u0000","lastName":"b","email":"nul.json@example.com"}]',
    { 'content-type': 'text/plain' },
  );
  assert.is(json.status, 400);
});

test("JSON that does not parse gets the import screen's message", async ({ admin }) => {
  for (const path of ['/api/admin/import-customers', '/api/admin/import']) {
    const broken = await admin.request<{ message: string }>('POST', path, '[{"firstName": ', {
      'content-type': 'application/json',
    });
    assert.is(broken.status, 400);
    assert.is(broken.body.message, 'Invalid JSON format. Please check your data and try again.');
    const scalar = await admin.request<{ message: string }>('POST', path, '42', { 'content-type': 'application/json' });
    assert.match(scalar.body.message, /^Data must be an array of (orders|customers)$/);
  }
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
  // Through the store: it keeps a customer's stream under their id, not their email.
  assert.is((await stack.store.readStream('customer-twice@example.com')).length, 1);
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

test('a CSV needs a header row and at least one data row, and the columns it names', async ({ admin }) => {
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
