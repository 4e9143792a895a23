import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { DocumentDamagedError, type DocumentRecord, type DocumentStore } from './document-store.ts';
import { moveDiskDocuments } from './move-disk-documents.ts';
import { CHUNK_BYTES, createPostgresDocumentStore } from './postgres-document-store.ts';

const test = suite<{ db: TestDatabase; store: DocumentStore }>('documents in PostgreSQL', {} as never);
test.before(async (context) => {
  context.db = await createTestDatabase();
  context.store = createPostgresDocumentStore(context.db.pool);
});
test.after(async ({ db }) => db.drop());

const newId = () => randomBytes(24).toString('base64url');
const recordOf = (id: string, size: number): DocumentRecord => ({
  id,
  orderNumber: 'EP-0001',
  fileName: 'spec sheet.pdf',
  contentType: 'application/pdf',
  size,
  uploadedAt: '2026-01-01T00:00:00.000Z',
  uploadedBy: 'admin',
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => assert.unreachable('refused'),
    (error: unknown) => error,
  );

/** A PDF-looking document of `size` random bytes, sent to the store in uneven pieces as an upload is. */
async function upload(store: DocumentStore, size: number): Promise<{ id: string; bytes: Buffer }> {
  const id = newId();
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
  const incoming = await store.receive(id);
  for (let at = 0; at < bytes.length; at += 65_537) {
    const piece = bytes.subarray(at, at + 65_537);
    if (!incoming.stream.write(piece)) await new Promise((resolve) => incoming.stream.once('drain', resolve));
  }
  await incoming.keep(recordOf(id, size));
  return { id, bytes };
}

test('a document is read back byte for byte, and its SHA-256 is the one kept', async ({ db, store }) => {
  const { id, bytes } = await upload(store, 3 * CHUNK_BYTES + 1234);
  assert.equal(await store.find(id), recordOf(id, bytes.length));
  const read = await buffer(await store.read(id));
  assert.ok(read.equals(bytes), 'the same bytes');
  const { rows } = await db.pool.query<{ sha256: Buffer; chunks: number }>(
    'select sha256, (select count(*)::int from documents.chunks where document_id = $1) as chunks from documents.documents where id = $1',
    [id],
  );
  assert.is(rows[0]?.sha256.toString('hex'), createHash('sha256').update(bytes).digest('hex'));
  assert.is(rows[0]?.chunks, 4, 'kept in chunks');
});

test('unknown and malformed ids are not found', async ({ store }) => {
  assert.is(await store.find(newId()), null);
  for (const bad of ['../../etc/passwd', '', "x' or '1'='1"]) assert.is(await store.find(bad), null, bad);
});

test('a document whose bytes were changed in the database is refused, not served', async ({ db, store }) => {
  const { id } = await upload(store, CHUNK_BYTES + 10);
  await db.pool.query(
    `update documents.chunks set bytes = overlay(bytes placing '\\x00'::bytea from 100) where document_id = $1 and seq = 1`,
    [id],
  );
  assert.instance(await rejection(store.read(id)), DocumentDamagedError);
  const { id: cut } = await upload(store, CHUNK_BYTES + 10);
  await db.pool.query('delete from documents.chunks where document_id = $1 and seq = 1', [cut]);
  assert.instance(await rejection(store.read(cut)), DocumentDamagedError);
});

test('a discarded upload leaves nothing; a deleted document is gone with its bytes', async ({ db, store }) => {
  const count = async () =>
    (await db.pool.query<{ n: number }>('select (select count(*) from documents.chunks)::int as n')).rows[0]?.n;
  const before = await count();
  const refused = await store.receive(newId());
  refused.stream.write(randomBytes(CHUNK_BYTES * 2));
  await refused.discard();
  assert.is(await count(), before);

  const { id } = await upload(store, 1000);
  assert.is(await store.delete(id), true);
  assert.is(await store.find(id), null);
  assert.is(await count(), before);
  assert.is(await store.delete(id), false);
});

test('documents kept on disk are moved in at start exactly once, and the folder goes', async ({ db, store }) => {
  const dir = await mkdtemp(join(tmpdir(), 'ot-disk-documents-'));
  try {
    const ids = [newId(), newId()];
    for (const id of ids) {
      await writeFile(join(dir, `${id}.pdf`), `%PDF-1.7\n${id}`);
      await writeFile(join(dir, `${id}.json`), JSON.stringify(recordOf(id, 9 + id.length)));
    }
    await writeFile(join(dir, `${newId()}.pdf.1234.upload.tmp`), 'never kept');

    assert.is(await moveDiskDocuments(store, dir), 2);
    assert.not.ok(existsSync(dir), 'the folder is no longer there');
    for (const id of ids) assert.is(await text(await store.read(id)), `%PDF-1.7\n${id}`);

    // A crash after storing but before the files went: the next start stores nothing twice.
    await mkdir(dir);
    await writeFile(join(dir, `${ids[0]}.pdf`), `%PDF-1.7\n${ids[0]}`);
    await writeFile(join(dir, `${ids[0]}.json`), JSON.stringify(recordOf(ids[0] as string, 9 + 32)));
    assert.is(await moveDiskDocuments(store, dir), 0);
    assert.not.ok(existsSync(dir));
    const { rows } = await db.pool.query<{ n: number }>(
      'select count(*)::int as n from documents.documents where id = any($1)',
      [ids],
    );
    assert.is(rows[0]?.n, 2, 'each document once');
    assert.is(await moveDiskDocuments(store, dir), 0, 'no folder: nothing to do');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
