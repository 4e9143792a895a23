import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { DOCUMENT_ID } from '@ot/contracts/documents/document-links.ts';
import type pg from 'pg';
import {
  DocumentDamagedError,
  type DocumentRecord,
  type DocumentStore,
  type IncomingDocument,
} from './document-store.ts';

/** A document's bytes are kept in rows of this size: memory holds one at a time, in and out. */
export const CHUNK_BYTES = 256 * 1024;

interface DocumentRow {
  id: string;
  order_number: string;
  file_name: string;
  size: string;
  chunks: number;
  sha256: Buffer;
  uploaded_at: Date;
  uploaded_by: string;
}

const toRecord = (row: DocumentRow): DocumentRecord => ({
  id: row.id,
  orderNumber: row.order_number,
  fileName: row.file_name,
  contentType: 'application/pdf',
  size: Number(row.size),
  uploadedAt: row.uploaded_at.toISOString(),
  uploadedBy: row.uploaded_by,
});

/** The chunks of a document in order; a missing one means the document is damaged. */
async function* chunksOf(pool: pg.Pool, id: string, count: number): AsyncGenerator<Buffer> {
  for (let seq = 0; seq < count; seq++) {
    const { rows } = await pool.query<{ bytes: Buffer }>(
      'select bytes from documents.chunks where document_id = $1 and seq = $2',
      [id, seq],
    );
    if (!rows[0]) throw new DocumentDamagedError(id);
    yield rows[0].bytes;
  }
}

/** The chunks of a document, failing at the end when together they are not what was kept. */
async function* checked(pool: pg.Pool, row: DocumentRow): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const bytes of chunksOf(pool, row.id, row.chunks)) {
    hash.update(bytes);
    size += bytes.length;
    yield bytes;
  }
  if (size !== Number(row.size) || !hash.digest().equals(row.sha256)) throw new DocumentDamagedError(row.id);
}

/**
 * Documents in PostgreSQL (migration 1700000012000_documents.sql): one row of record and SHA-256, the bytes
 * in chunks. An upload is one transaction, so a refused or cut-off one (or a crash) leaves nothing behind.
 */
export function createPostgresDocumentStore(pool: pg.Pool): DocumentStore {
  const findRow = async (id: string) => {
    if (!DOCUMENT_ID.test(id)) return null;
    const { rows } = await pool.query<DocumentRow>('select * from documents.documents where id = $1', [id]);
    return rows[0] ?? null;
  };
  return {
    receive: (id) => receiveInto(pool, id),
    async find(id) {
      const row = await findRow(id);
      return row && toRecord(row);
    },
    async read(id) {
      const row = await findRow(id);
      if (!row) throw new Error(`there is no document ${id}`);
      // Checked whole before the first byte is given out (a damaged document is refused, not half served),
      // then read again as it is sent, and checked again.
      await pipeline(checked(pool, row), new Writable({ write: (_chunk, _encoding, next) => next() }));
      return Readable.from(checked(pool, row), { objectMode: false });
    },
    async forOrders(orderNumbers) {
      // Order numbers are matched as the order routes match them: whatever their case.
      const { rows } = await pool.query<DocumentRow>(
        'select * from documents.documents where upper(order_number) = any($1::text[]) order by uploaded_at, id',
        [orderNumbers.map((orderNumber) => orderNumber.toUpperCase())],
      );
      return rows.map(toRecord);
    },
    async delete(id) {
      if (!DOCUMENT_ID.test(id)) return false;
      const { rows } = await pool.query<{ deleted: boolean }>(
        `with doc as (delete from documents.documents where id = $1 returning id),
              bytes as (delete from documents.chunks where document_id = $1)
         select exists (select 1 from doc) as deleted`,
        [id],
      );
      return rows[0]?.deleted === true;
    },
  };
}

/** One upload in progress: its transaction's connection and the bytes not yet inserted. */
interface Upload {
  client: pg.PoolClient;
  id: string;
  hash: ReturnType<typeof createHash>;
  seq: number;
  size: number;
  pending: Buffer[];
  pendingBytes: number;
  open: boolean;
  inserting: Promise<void>;
}

async function beginTransaction(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    return client;
  } catch (error) {
    client.release(true);
    throw error;
  }
}

/** Inserts every whole chunk pending (and, with `all`, the last partial one). */
async function insertChunks(upload: Upload, all: boolean): Promise<void> {
  while (upload.open && (upload.pendingBytes >= CHUNK_BYTES || (all && upload.pendingBytes > 0))) {
    const joined = Buffer.concat(upload.pending);
    const rest = joined.subarray(CHUNK_BYTES);
    upload.pending = rest.length > 0 ? [rest] : [];
    upload.pendingBytes = rest.length;
    await upload.client.query('insert into documents.chunks (document_id, seq, bytes) values ($1, $2, $3)', [
      upload.id,
      upload.seq++,
      joined.subarray(0, CHUNK_BYTES),
    ]);
  }
  if (!upload.open) throw new Error(`document ${upload.id}: the upload was discarded`);
}

function flush(upload: Upload, all: boolean): Promise<void> {
  upload.inserting = insertChunks(upload, all);
  return upload.inserting;
}

/** The stream the upload's bytes are written to: hashed and counted, inserted a chunk at a time. */
function uploadStream(upload: Upload): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      upload.hash.update(chunk);
      upload.size += chunk.length;
      upload.pending.push(chunk);
      upload.pendingBytes += chunk.length;
      if (upload.pendingBytes < CHUNK_BYTES) callback();
      else flush(upload, false).then(() => callback(), callback);
    },
    final(callback) {
      flush(upload, true).then(() => callback(), callback);
    },
  });
}

async function endUpload(upload: Upload, statement: 'commit' | 'rollback'): Promise<void> {
  if (!upload.open) return;
  upload.open = false;
  // Never under a chunk still being inserted: outside the transaction it would be kept for good.
  await upload.inserting.catch(() => {});
  try {
    await upload.client.query(statement);
    upload.client.release();
  } catch (error) {
    upload.client.release(true);
    throw error;
  }
}

async function insertRecord(upload: Upload, record: DocumentRecord): Promise<void> {
  if (record.size !== upload.size)
    throw new Error(`document ${upload.id}: ${upload.size} bytes received, ${record.size} recorded`);
  await upload.client.query(
    `insert into documents.documents
       (id, order_number, file_name, content_type, size, chunks, sha256, uploaded_at, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      upload.id,
      record.orderNumber,
      record.fileName,
      record.contentType,
      upload.size,
      upload.seq,
      upload.hash.digest(),
      record.uploadedAt,
      record.uploadedBy,
    ],
  );
}

/** An upload's chunks inserted as they arrive, in a transaction committed by `keep` with the record. */
async function receiveInto(pool: pg.Pool, id: string): Promise<IncomingDocument> {
  if (!DOCUMENT_ID.test(id)) throw new Error('invalid document id');
  const client = await beginTransaction(pool);
  const upload: Upload = {
    client,
    id,
    hash: createHash('sha256'),
    seq: 0,
    size: 0,
    pending: [],
    pendingBytes: 0,
    open: true,
    inserting: Promise.resolve(),
  };
  const stream = uploadStream(upload);
  const written = finished(stream);
  written.catch(() => {}); // a failed write surfaces in keep(); unheard it would end the process
  return {
    stream,
    async keep(record: DocumentRecord) {
      try {
        if (!stream.writableEnded) stream.end();
        await written;
        await insertRecord(upload, record);
        await endUpload(upload, 'commit');
      } catch (error) {
        await endUpload(upload, 'rollback').catch(() => {});
        throw error;
      }
    },
    async discard() {
      stream.destroy();
      await written.catch(() => {});
      await endUpload(upload, 'rollback').catch(() => {});
    },
  };
}
