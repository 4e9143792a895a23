import { googleDocsHtmlExportUrl, uploadedDocumentId } from '@ot/contracts/documents/document-links.ts';
import { renderDocumentQuerySchema } from '@ot/contracts/documents/document-views.ts';
import { HttpError, notFound, parse } from '@ot/infra/http/errors.ts';
import { requireUser } from '@ot/infra/http/session.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';
import { customerHasDocument } from '../document-access.ts';
import { DOCUMENT_NOT_FOUND } from '../get-document/get-document.route.ts';
import { pdfEmbedHtml } from './render-document.ts';

const cannotRender = (message: string) => new HttpError(422, message, 'CANNOT_RENDER');

/**
 * GET /api/documents/render?url=: a spec document as HTML to embed. A Google Docs document is
 * fetched (by the guarded fetcher) as its HTML export and sanitised here; an uploaded PDF becomes
 * markup that embeds it. Customers may render only documents attached to their own orders.
 */
export function renderDocumentRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/documents/render', async (ctx) => {
    const user = requireUser(ctx);
    const { url } = parse(renderDocumentQuerySchema, ctx.query);

    const uploadedId = uploadedDocumentId(url);
    if (uploadedId) {
      const record = await deps.documents.find(uploadedId);
      if (!record || !(await customerHasDocument(deps.pool, user, { url, orderNumber: record.orderNumber }))) {
        throw notFound(DOCUMENT_NOT_FOUND);
      }
      ctx.body = { html: pdfEmbedHtml(record.id) };
      return;
    }

    if (!(await customerHasDocument(deps.pool, user, { url }))) throw notFound(DOCUMENT_NOT_FOUND);
    const exportUrl = googleDocsHtmlExportUrl(url);
    if (!exportUrl) throw cannotRender('Only Google Docs documents and uploaded PDFs can be shown here');
    const fetched = await deps.fetcher.fetch(exportUrl);
    if (fetched.body.subarray(0, 5).toString('latin1') === '%PDF-' || !/html/i.test(fetched.contentType)) {
      throw cannotRender('The document is not an HTML document');
    }
    // jsdom takes seconds to load: only a process that renders a document pays for it (fast restarts).
    const { sanitiseDocument } = await import('./sanitise-html.ts');
    ctx.body = { html: sanitiseDocument(fetched.body.toString('utf8')) };
  });
}
