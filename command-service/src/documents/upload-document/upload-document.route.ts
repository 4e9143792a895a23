import { randomBytes } from 'node:crypto';
import { uploadedDocumentUrl } from '@ot/contracts/documents/document-links.ts';
import type { UploadedDocument } from '@ot/contracts/documents/document-views.ts';
import { badRequest, HttpError } from '@ot/infra/http/errors.ts';
import { type AppContext, adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import busboy from 'busboy';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { checkUpload, MAX_DOCUMENT_BYTES, type UploadForm } from './upload-document.ts';

/** Past this much request body we stop listening: nothing honest is that large. */
const MAX_REQUEST_BYTES = MAX_DOCUMENT_BYTES + 1024 * 1024;

/** Read the multipart form: keep at most 10 MB of the first file, the order number, nothing else. */
function readUploadForm(ctx: AppContext): Promise<UploadForm> {
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(badRequest('Send the document as multipart/form-data with a file and orderNumber'));
  }
  if (Number(ctx.get('content-length') || 0) > MAX_REQUEST_BYTES) {
    return Promise.reject(
      new HttpError(413, 'The file is too large: PDFs of up to 10 MB can be uploaded', 'PAYLOAD_TOO_LARGE'),
    );
  }
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
    parser.on('field', (name, value) => {
      if (name === 'orderNumber') form.orderNumber = value;
    });
    parser.on('file', (_name, stream, info) => {
      // A form cut off mid-file errors the file stream too; unheard, that error would end the process.
      stream.on('error', () => reject(badRequest('The upload is not a valid multipart form')));
      if (form.file) {
        form.extraFiles = true;
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const file = { fileName: info.filename ?? '', bytes: Buffer.alloc(0), truncated: false };
      form.file = file;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        file.truncated = true;
      });
      stream.on('end', () => {
        file.bytes = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => reject(badRequest('The upload is not a valid multipart form')));
    parser.on('close', () => resolve(form));
    ctx.req.pipe(parser);
  });
}

/** POST /api/admin/upload-document: a spec sheet PDF for an order -> {documentUrl} under an unguessable id. */
export function uploadDocumentRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/upload-document', adminOnly, async (ctx) => {
    const admin = requireAdmin(ctx);
    const upload = checkUpload(await readUploadForm(ctx));
    const id = randomBytes(24).toString('base64url');
    await deps.documents.save(
      {
        id,
        orderNumber: upload.orderNumber,
        fileName: upload.fileName,
        contentType: 'application/pdf',
        size: upload.bytes.length,
        uploadedAt: deps.clock().toISOString(),
        uploadedBy: admin.username,
      },
      upload.bytes,
    );
    ctx.status = 201;
    const answer: UploadedDocument = {
      documentUrl: uploadedDocumentUrl(id),
      fileName: upload.fileName,
      size: upload.bytes.length,
    };
    ctx.body = answer;
  });
}
