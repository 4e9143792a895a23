import { z } from 'zod';

/** GET /api/documents/render: the document as one self-contained, sanitised HTML page. */
export const renderedDocumentSchema = z.object({ html: z.string() });

/** POST /api/admin/upload-document. */
export const uploadedDocumentSchema = z.object({
  documentUrl: z.string(),
  fileName: z.string().optional(),
  size: z.number().optional(),
});
