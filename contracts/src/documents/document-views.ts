import { z } from 'zod';

/** GET /api/documents/render: the document as one self-contained, sanitised HTML page. */
export const renderedDocumentSchema = z.object({ html: z.string() });

/** POST /api/admin/upload-document: the answer (the PWA parses it with this schema). */
export const uploadedDocumentSchema = z.object({
  documentUrl: z.string(),
  fileName: z.string().optional(),
  size: z.number().optional(),
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;

/** GET /api/documents/render query string. */
export const renderDocumentQuerySchema = z.object({
  url: z.string({ error: 'Document URL is required' }).trim().min(1, 'Document URL is required').max(2000),
});
