import { type RecordingListener, startRecordingListener } from '@ot/infra/testing/recording-listener.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { xssCorpus } from '../../query-service/src/documents/render-document/xss-corpus.ts';
import { type Client, orderPayload, type Stack, startStack } from '../support/stack.ts';

interface Context {
  stack: Stack;
  docs: RecordingListener;
  internal: RecordingListener;
  admin: Client;
}
/** upload-document, get-document, render-document. */
const test = suite<Context>('spec documents: upload, serve, render', {} as Context);

const DOC_ID = 'doc1234567890abcdefgh';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

test.before(async (context) => {
  // Google Docs, played by a local server whose "documents" carry the whole XSS corpus.
  context.docs = await startRecordingListener((req, res) => {
    if (req.url === `/document/d/${DOC_ID}/export?format=html`) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<html><head><style>.c1{font-weight:700}</style></head><body><p class="c1">Loft 10.5</p>${xssCorpus.join('')}</body></html>`,
      );
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  context.internal = await startRecordingListener();
  context.stack = await startStack({ DOCUMENT_FETCH_ORIGINS: `http://127.0.0.1:${context.docs.port}` });
  context.admin = context.stack.client();
  await context.admin.loginAdmin();
});
test.after(async ({ stack, docs, internal }) => {
  await stack.stop();
  await docs.close();
  await internal.close();
});

function pdfForm(fields: { orderNumber?: string; fileName?: string; bytes?: Buffer; type?: string }) {
  const form = new FormData();
  if (fields.orderNumber !== undefined) form.append('orderNumber', fields.orderNumber);
  const bytes = fields.bytes ?? PDF;
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: fields.type ?? 'application/pdf' }),
    fields.fileName ?? 'spec.pdf',
  );
  return form;
}

async function placeOrderFor(context: Context) {
  const placed = await context.admin.post<{ orderNumber: string; customerEmail: string }>(
    '/api/admin/orders',
    orderPayload(),
  );
  await context.stack.settle();
  const customer = context.stack.client();
  assert.is((await customer.loginCustomer(placed.body.customerEmail, placed.body.orderNumber)).status, 200);
  return { ...placed.body, customer };
}

const upload = (client: Client, form: FormData) =>
  client.post<{ documentUrl: string; message: string }>('/api/admin/upload-document', form);

test('an uploaded PDF gets an unguessable URL and is served to admins and its customer only', async (context) => {
  const mine = await placeOrderFor(context);
  const other = await placeOrderFor(context);
  const answer = await upload(
    context.admin,
    pdfForm({ orderNumber: mine.orderNumber, fileName: 'Fitting spec – Jane.pdf' }),
  );
  assert.is(answer.status, 201);
  assert.match(answer.body.documentUrl, /^\/api\/documents\/[A-Za-z0-9_-]{32}$/);

  for (const reader of [context.admin, mine.customer]) {
    const got = await reader.raw(answer.body.documentUrl);
    assert.is(got.status, 200);
    assert.is(got.headers.get('content-type'), 'application/pdf');
    assert.is(got.headers.get('x-content-type-options'), 'nosniff');
    assert.match(
      got.headers.get('content-disposition') ?? '',
      /^inline; filename="Fitting spec _ Jane.pdf"; filename\*=UTF-8''Fitting%20spec%20%E2%80%93%20Jane\.pdf$/,
    );
    assert.ok(Buffer.from(await got.arrayBuffer()).equals(PDF));
  }
  assert.is((await other.customer.get(answer.body.documentUrl)).status, 404);
  assert.is((await context.stack.client().get(answer.body.documentUrl)).status, 401);
  assert.is((await context.admin.get(`/api/documents/${'x'.repeat(32)}`)).status, 404);
  assert.is((await context.admin.get('/api/documents/..%2F..%2Fetc%2Fpasswd')).status, 404);
});

test('a document damaged in the database is refused with a clear error, none of its bytes served', async (context) => {
  const mine = await placeOrderFor(context);
  const answer = await upload(context.admin, pdfForm({ orderNumber: mine.orderNumber }));
  const id = answer.body.documentUrl.split('/').at(-1);
  await context.stack.db.pool.query(
    `update documents.chunks set bytes = overlay(bytes placing 'X'::bytea from 3) where document_id = $1`,
    [id],
  );
  const got = await mine.customer.raw(answer.body.documentUrl);
  assert.is(got.status, 500);
  assert.match(got.headers.get('content-type') ?? '', /json/);
  const body = (await got.json()) as { code: string; message: string };
  assert.is(body.code, 'DOCUMENT_DAMAGED');
  assert.match(body.message, /damaged/);
});

test("a customer can read a document linked from one of their order's items", async (context) => {
  const uploaded = await upload(context.admin, pdfForm({ orderNumber: 'EP-9999' }));
  const placed = await context.admin.post<{ orderNumber: string; customerEmail: string }>(
    '/api/admin/orders',
    orderPayload({ items: [{ name: 'Driver', price: 100, quantity: 1, documentUrl: uploaded.body.documentUrl }] }),
  );
  await context.stack.settle();
  const customer = context.stack.client();
  await customer.loginCustomer(placed.body.customerEmail, placed.body.orderNumber);
  assert.is((await customer.get(uploaded.body.documentUrl)).status, 200);
});

test('uploads that are not a PDF of up to 10 MB for an order are refused with a clear 4xx', async (context) => {
  const cases: [string, FormData | string, number, RegExp][] = [
    [
      'a renamed non-PDF',
      pdfForm({ orderNumber: 'EP-1', bytes: Buffer.from('<script>alert(1)</script>') }),
      415,
      /not a PDF/,
    ],
    ['an executable named .pdf', pdfForm({ orderNumber: 'EP-1', bytes: Buffer.from('MZ\x90\x00') }), 415, /not a PDF/],
    ['a PDF named .html', pdfForm({ orderNumber: 'EP-1', fileName: 'spec.html' }), 415, /Only PDF/],
    [
      'a path-traversal name',
      pdfForm({ orderNumber: 'EP-1', fileName: '../../../etc/cron.d/x.pdf' }),
      400,
      /Invalid file name/,
    ],
    ['a Windows path name', pdfForm({ orderNumber: 'EP-1', fileName: '..\\..\\x.pdf' }), 400, /Invalid file name/],
    ['no order number', pdfForm({}), 400, /Order number is required/],
    [
      'a file over 10 MB',
      pdfForm({ orderNumber: 'EP-1', bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) }),
      413,
      /10 MB/,
    ],
    [
      'no file',
      (() => {
        const f = new FormData();
        f.append('orderNumber', 'EP-1');
        return f;
      })(),
      400,
      /PDF file is required/,
    ],
    ['not multipart', '{"orderNumber":"EP-1"}', 400, /multipart/],
  ];
  for (const [name, form, status, message] of cases) {
    const answer = await context.admin.post<{ message: string }>('/api/admin/upload-document', form);
    assert.is(answer.status, status, name);
    assert.match(answer.body.message, message, name);
  }
  const customer = (await placeOrderFor(context)).customer;
  assert.is((await upload(customer, pdfForm({ orderNumber: 'EP-1' }))).status, 403);
});

test('an upload cut off in the middle of its file is a 400, and the service lives on', async (context) => {
  const cutOff = [
    '--cut',
    'Content-Disposition: form-data; name="orderNumber"',
    '',
    'EP-1',
    '--cut',
    'Content-Disposition: form-data; name="file"; filename="spec.pdf"',
    'Content-Type: application/pdf',
    '',
    '%PDF-1.4 and then nothing',
  ].join('\r\n');
  for (let i = 0; i < 2; i++) {
    const answer = await context.admin.post<{ message: string }>('/api/admin/upload-document', cutOff, {
      'content-type': 'multipart/form-data; boundary=cut',
    });
    assert.is(answer.status, 400);
    assert.is(answer.body.message, 'The upload is not a valid multipart form');
  }
  assert.is((await upload(context.admin, pdfForm({ orderNumber: 'EP-1' }))).status, 201);
});

test('render: an uploaded PDF becomes markup embedding it', async (context) => {
  const mine = await placeOrderFor(context);
  const uploaded = await upload(context.admin, pdfForm({ orderNumber: mine.orderNumber }));
  const url = encodeURIComponent(uploaded.body.documentUrl);
  const rendered = await mine.customer.get<{ html: string }>(`/api/documents/render?url=${url}`);
  assert.is(rendered.status, 200);
  assert.ok(rendered.body.html.includes(`<object data="${uploaded.body.documentUrl}" type="application/pdf"`));
  const stranger = (await placeOrderFor(context)).customer;
  assert.is((await stranger.get(`/api/documents/render?url=${url}`)).status, 404);
});

test('render: a Google Docs document is fetched on the server and comes back sanitised', async ({ admin, docs }) => {
  const url = `http://127.0.0.1:${docs.port}/document/d/${DOC_ID}/edit?usp=sharing`;
  const rendered = await admin.get<{ html: string }>(`/api/documents/render?url=${encodeURIComponent(url)}`);
  assert.is(rendered.status, 200);
  const { html } = rendered.body;
  assert.match(html, /<p class="c1">Loft 10\.5<\/p>/);
  assert.match(html, /http-equiv="Content-Security-Policy"/);
  assert.not.match(html, /<script|<iframe|<svg|<object|<embed|<form|javascript:|\son\w+=/i);
});

test('render: customers may only render documents attached to their orders', async (context) => {
  const { customer } = await placeOrderFor(context);
  const url = `http://127.0.0.1:${context.docs.port}/document/d/${DOC_ID}/edit`;
  assert.is((await customer.get(`/api/documents/render?url=${encodeURIComponent(url)}`)).status, 404);
  assert.is((await context.stack.client().get(`/api/documents/render?url=${encodeURIComponent(url)}`)).status, 401);
});

test('render: internal addresses are refused and never fetched', async ({ admin, internal }) => {
  const port = internal.port;
  for (const url of [
    `http://127.0.0.1:${port}/document/d/${DOC_ID}/edit`,
    `http://2130706433:${port}/document/d/${DOC_ID}/edit`,
    `http://0x7f.0.0.1:${port}/document/d/${DOC_ID}/edit`,
    `http://[::1]:${port}/document/d/${DOC_ID}/edit`,
    `http://[::ffff:127.0.0.1]:${port}/document/d/${DOC_ID}/edit`,
    `http://localhost.:${port}/document/d/${DOC_ID}/edit`,
    `http://docs.google.com@127.0.0.1:${port}/document/d/${DOC_ID}/edit`,
    `http://169.254.169.254/document/d/${DOC_ID}/edit`,
  ]) {
    const answer = await admin.get(`/api/documents/render?url=${encodeURIComponent(url)}`);
    assert.is(answer.status, 400, url);
  }
  assert.equal(internal.hits, []);
});

test('render: what is not a Google document or an upload is a clear 4xx', async ({ admin }) => {
  assert.is((await admin.get('/api/documents/render?url=https%3A%2F%2Fexample.com%2Fspec.pdf')).status, 422);
  assert.is((await admin.get('/api/documents/render')).status, 400);
  assert.is(
    (await admin.get(`/api/documents/render?url=${encodeURIComponent(`/api/documents/${'z'.repeat(32)}`)}`)).status,
    404,
  );
});

test.run();
