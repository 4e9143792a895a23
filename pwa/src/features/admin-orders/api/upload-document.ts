import { uploadedDocumentSchema } from '@ot/contracts/documents/document-views.ts';
import { isTransientError, request } from '../../../lib/api-client.ts';

/** POST /api/admin/upload-document (multipart: the file and the order number) -> its documentUrl. */
export async function uploadDocument(file: Blob, fileName: string, orderNumber: string, idempotencyKey: string) {
  const body = new FormData();
  body.append('file', file, fileName);
  body.append('orderNumber', orderNumber);
  try {
    return (
      await request('/api/admin/upload-document', uploadedDocumentSchema, { method: 'POST', body, idempotencyKey })
    ).data.documentUrl;
  } catch (error) {
    // Offline or a failing server: the caller may try again later; a refusal is the server's message.
    if (isTransientError(error)) throw error;
    throw new Error('Failed to upload document', { cause: error });
  }
}
