import { request } from 'node:http';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { CHUNK_BYTES } from '@ot/infra/documents/postgres-document-store.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { ADMIN, type Stack, startStack } from '../support/stack.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const MB = 1024 * 1024;

const test = suite<{ stack: Stack; order: OrderView; cookie: string; csrf: string }>(
  'uploads: only after sign-in, streamed into the database, 413 past 10 MB',
  { stack: undefined as never, order: undefined as never, cookie: '', csrf: '' },
);
test.before(async (context) => {
  context.stack = await startStack();
  context.order = await addOrder(await signedInAdmin(context.stack));
  // A browser's admin session: the cookies a page would send, and the double-submit token it reads.
  const login = await fetch(`${context.stack.baseUrl}/api/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const pairs = login.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  context.cookie = pairs.join('; ');
  context.csrf = pairs.find((pair) => pair.startsWith('ot_csrf='))?.slice('ot_csrf='.length) ?? '';
});
test.after(async ({ stack }) => {
  await stack.stop();
});

const boundary = 'upload-boundary';
const formHead = (orderNumber: string) =>
  Buffer.from(
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="orderNumber"',
      '',
      orderNumber,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="spec.pdf"',
      'Content-Type: application/pdf',
      '',
      '',
    ].join('\r\n'),
  );
const formTail = Buffer.from(`\r\n--${boundary}--\r\n`);

/**
 * Streams a form whose file has `fileBytes` bytes, chunked (no Content-Length), through the gateway, and
 * notes how much had been sent when the answer came: an answer to a too-large file must not wait for it all.
 */
function streamUpload(
  context: { stack: Stack; order: OrderView; cookie: string; csrf: string },
  fileBytes: number,
): Promise<{ status: number; body: string; sentWhenAnswered: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${context.stack.baseUrl}/api/admin/upload-document`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
        cookie: context.cookie,
        'x-csrf-token': context.csrf,
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const write = () => {
      if (answered || req.destroyed) return;
      if (sent === 0) {
        req.write(formHead(context.order.orderNumber));
        req.write(PDF);
        sent = PDF.length;
      }
      while (sent < fileBytes && !answered) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      if (!answered) req.end(formTail);
    };
    write();
  });
}

/** Rows of documents and of their bytes: a refused upload adds to neither. */
const storedRows = async (stack: Stack) => {
  const { rows } = await stack.db.pool.query<{ documents: number; chunks: number }>(
    'select (select count(*)::int from documents.documents) as documents, (select count(*)::int from documents.chunks) as chunks',
  );
  return rows[0];
};

test('a file past 10 MB is answered 413 while it is still being sent, nothing of it is kept, and the next request is fine', async (context) => {
  const before = await storedRows(context.stack);
  const answer = await streamUpload(context, 40 * MB);
  assert.is(answer.status, 413, answer.body);
  assert.match(answer.body, /10 MB/);
  assert.ok(answer.sentWhenAnswered < 30 * MB, `answered only after ${answer.sentWhenAnswered} bytes`);
  assert.equal(await storedRows(context.stack), before, 'no document or chunk kept');
  const next = await fetch(`${context.stack.baseUrl}/api/auth/me`, { headers: { cookie: context.cookie } });
  assert.is(next.status, 200, 'the gateway and the service answer the next request');
});

test('a file of 9 MB streamed chunked is kept whole', async (context) => {
  const answer = await streamUpload(context, 9 * MB);
  assert.is(answer.status, 201, answer.body);
  const { documentUrl, size } = JSON.parse(answer.body) as { documentUrl: string; size: number };
  assert.ok(size > 9 * MB - 1 && size <= 9 * MB + PDF.length, String(size));
  const served = await fetch(`${context.stack.baseUrl}${documentUrl}`, { headers: { cookie: context.cookie } });
  assert.is(served.status, 200);
  assert.is((await served.arrayBuffer()).byteLength, size);
  assert.equal((await storedRows(context.stack))?.chunks, Math.ceil(size / CHUNK_BYTES), 'kept in chunks');
});

test('a refused upload (not a PDF) leaves nothing behind', async (context) => {
  const before = await storedRows(context.stack);
  const form = new FormData();
  form.set('orderNumber', context.order.orderNumber);
  form.set('file', new Blob(['<html>not a pdf</html>'], { type: 'application/pdf' }), 'spec.pdf');
  const answer = await fetch(`${context.stack.baseUrl}/api/admin/upload-document`, {
    method: 'POST',
    headers: { cookie: context.cookie, 'x-csrf-token': context.csrf },
    body: form,
  });
  assert.is(answer.status, 415);
  assert.equal(await storedRows(context.stack), before);
});

test('signed out, even a chunked upload is refused before its body is read', async (context) => {
  const before = await storedRows(context.stack);
  const answer = await streamUpload({ ...context, cookie: '', csrf: '' }, 20 * MB);
  assert.ok([401, 403, 413].includes(answer.status), String(answer.status));
  assert.ok(answer.sentWhenAnswered < 10 * MB, `answered only after ${answer.sentWhenAnswered} bytes`);
  assert.equal(await storedRows(context.stack), before);
});

test.run();
