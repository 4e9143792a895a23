import { uploadedDocumentUrl } from '@ot/contracts/documents/document-links.ts';
import { notFound } from '@ot/infra/http/errors.ts';
import { requireUser } from '@ot/infra/http/session.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { customerHasDocument } from '../document-access.ts';

export const DOCUMENT_NOT_FOUND = 'Document not found';

/** `filename="..."` for old clients (plain ASCII) and `filename*` with the real name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** GET /api/documents/:id: the PDF, to admins and to the customer of its order; anyone else gets 404. */
export function getDocumentRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/documents/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = ctx.params.id ?? '';
    const record = await deps.documents.find(id);
    if (!record) throw notFound(DOCUMENT_NOT_FOUND);
    const allowed = await customerHasDocument(deps.pool, user, {
      url: uploadedDocumentUrl(record.id),
      orderNumber: record.orderNumber,
    });
    if (!allowed) throw notFound(DOCUMENT_NOT_FOUND);
    // Checked against its SHA-256 before the answer starts: a damaged document is refused, not served.
    const bytes = await deps.documents.read(record.id);
    ctx.set('Content-Type', 'application/pdf');
    ctx.set('Content-Length', String(record.size));
    ctx.set('Content-Disposition', contentDisposition(record.fileName));
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Served from our origin, so it must never act as our page: no scripts, no same-origin access;
    // our own pages may still frame it (the order detail shows it).
    ctx.set('Content-Security-Policy', "sandbox; frame-ancestors 'self'");
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = bytes;
  });
}
