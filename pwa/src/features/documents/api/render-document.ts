import { renderedDocumentSchema } from '@ot/contracts/documents/document-views.ts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';

export const documentKeys = {
  render: (url: string) => ['documents', 'render', url] as const,
};

/** GET /api/documents/render?url=: the specification document as sanitised HTML to embed. */
export const renderDocumentQuery = (url: string) =>
  queryOptions({
    queryKey: documentKeys.render(url),
    queryFn: ({ signal }) =>
      getJson(`/api/documents/render?url=${encodeURIComponent(url)}`, renderedDocumentSchema, signal),
  });
