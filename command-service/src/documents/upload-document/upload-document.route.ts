import { randomBytes } from 'node:crypto';
import { uploadedDocumentUrl } from '@ot/contracts/documents/document-links.ts';
import type { UploadedDocument } from '@ot/contracts/documents/document-views.ts';
import type { DocumentRecord, DocumentStore, IncomingDocument } from '@ot/infra/documents/document-store.ts';
import { badRequest, HttpError } from '@ot/infra/http/errors.ts';
import { type AppContext, adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import busboy from 'busboy';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { checkUpload, MAX_DOCUMENT_BYTES, PDF_MAGIC, type UploadForm } from './upload-document.ts';

/** Past this much request body we stop listening: nothing honest is that large. */
const MAX_REQUEST_BYTES = MAX_DOCUMENT_BYTES + 1024 * 1024;

const tooLarge = () =>
  new HttpError(413, 'The file is too large: PDFs of up to 10 MB can be uploaded', 'PAYLOAD_TOO_LARGE');

/**
 * Read the multipart form as it arrives: the first file's bytes go straight to `incoming` (the document
 * store's temporary file), so memory holds a chunk at a time, never the file. Past 10 MB it stops at once
 * with a 413. Only the order number is kept of the fields.
 */
function readUploadForm(ctx: AppContext, incoming: IncomingDocument): Promise<UploadForm> {
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(badRequest('Send the document as multipart/form-data with a file and orderNumber'));
  }
  if (Number(ctx.get('content-length') || 0) > MAX_REQUEST_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const form: UploadForm = { file: null, orderNumber: null, extraFiles: false };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        // Keep the name as sent, so a name with a path in it is refused rather than quietly cut.
        preservePath: true,
        defParamCharset: 'utf8',
        limits: { fileSize: MAX_DOCUMENT_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
      });
    } catch {
      reject(badRequest('The upload is not a valid multipart form'));
      return;
    }
    const fail = (error: Error) => {
      ctx.req.unpipe(parser);
      reject(error); // the rest of the body is left unread; the answer says so and the connection is not reused
    };
    parser.on('field', (name, value) => {
      if (name === 'orderNumber') form.orderNumber = value;
    });
    parser.on('file', (_name, stream, info) => {
      // A form cut off mid-file errors the file stream too; unheard, that error would end the process.
      stream.on('error', () => fail(badRequest('The upload is not a valid multipart form')));
      if (form.file) {
        form.extraFiles = true;
        stream.resume();
        return;
      }
      const file = { fileName: info.filename ?? '', size: 0, head: Buffer.alloc(0), truncated: false };
      form.file = file;
      stream.on('data', (chunk: Buffer) => {
        if (file.head.length < PDF_MAGIC.length) file.head = Buffer.concat([file.head, chunk]).subarray(0, 16);
        file.size += chunk.length;
      });
      stream.on('limit', () => {
        file.truncated = true;
        fail(tooLarge());
      });
      stream.pipe(incoming.stream);
    });
    parser.on('error', () => fail(badRequest('The upload is not a valid multipart form')));
    parser.on('close', () => resolve(form));
    ctx.req.pipe(parser);
  });
}

/** The checked upload kept under `id`, or (refused, cut off, too large) nothing of it left behind. */
async function receiveUpload(
  ctx: AppContext,
  documents: DocumentStore,
  id: string,
  toRecord: (upload: ReturnType<typeof checkUpload>) => DocumentRecord,
): Promise<DocumentRecord> {
  const incoming = await documents.receive(id);
  try {
    const record = toRecord(checkUpload(await readUploadForm(ctx, incoming)));
    await incoming.keep(record);
    return record;
  } catch (error) {
    await incoming.discard();
    throw error;
  }
}

/** POST /api/admin/upload-document: a spec sheet PDF for an order -> {documentUrl} under an unguessable id. */
export function uploadDocumentRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/upload-document', adminOnly, async (ctx) => {
    const admin = requireAdmin(ctx);
    const id = randomBytes(24).toString('base64url');
    const record = await receiveUpload(ctx, deps.documents, id, (upload) => ({
      id,
      orderNumber: upload.orderNumber,
      fileName: upload.fileName,
      contentType: 'application/pdf',
      size: upload.size,
      uploadedAt: deps.clock().toISOString(),
      uploadedBy: admin.username,
    }));
    ctx.status = 201;
    const answer: UploadedDocument = {
      documentUrl: uploadedDocumentUrl(id),
      fileName: record.fileName,
      size: record.size,
    };
    ctx.body = answer;
  });
}
