import { googleFallbackPreviewUrl, uploadedDocumentId } from '@ot/contracts/documents/document-links.ts';
import type { OrderItemView } from '@ot/contracts/orders/order-views.ts';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, ExternalLink } from 'lucide-react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { isUnavailableOffline } from '../../../lib/use-online.ts';
import { renderDocumentQuery } from '../api/render-document.ts';

const FRAME = 'h-[70vh] min-h-96 w-full rounded-md border border-gray-200 bg-white dark:border-gray-700';

/**
 * The Custom Fit Specification section of the order detail: shown only when an item has a
 * documentUrl (the first such item). The server renders the document to sanitised HTML, shown in a
 * frame that may run nothing (sandbox without scripts, and the page's own Content-Security-Policy).
 * An uploaded PDF is shown by the browser's PDF viewer straight from our server.
 */
export function CustomFitSpecification({ items }: { items: readonly OrderItemView[] }) {
  const documentUrl = items.find((item) => item.documentUrl)?.documentUrl;
  if (!documentUrl) return null;
  return (
    <Card>
      <CardHeader title="Custom Fit Specification" action={<OpenLink url={documentUrl} />} />
      <CardBody>
        {uploadedDocumentId(documentUrl) ? (
          <iframe title="Custom Fit Specification (PDF)" src={documentUrl} className={FRAME} />
        ) : (
          <RenderedDocument url={documentUrl} />
        )}
      </CardBody>
    </Card>
  );
}

function RenderedDocument({ url }: { url: string }) {
  const rendered = useQuery(renderDocumentQuery(url));
  if (isUnavailableOffline(rendered))
    return <p className="text-sm text-gray-700 dark:text-gray-300">Not available offline</p>;
  if (rendered.isPending) return <Skeleton className="h-96 w-full" />;
  if (rendered.isError || !rendered.data.html.trim()) {
    // A document we cannot turn into HTML (not a Google doc) versus one we could not load right now.
    const cannotRender = rendered.isSuccess || isApiError(rendered.error, 422);
    return (
      <Fallback
        url={url}
        message={cannotRender ? 'Failed to render document' : 'Failed to load document. Please try again later.'}
      />
    );
  }
  return (
    <iframe
      title="Custom Fit Specification"
      srcDoc={rendered.data.html}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      className={FRAME}
    />
  );
}

/** When the document cannot be shown: the message, and Google's own preview of the document embedded instead. */
function Fallback({ url, message }: { url: string; message: string }) {
  const preview = googleFallbackPreviewUrl(url);
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="flex items-center gap-2 text-sm text-red-700 dark:text-red-400">
        <AlertCircle aria-hidden="true" className="h-4 w-4 shrink-0" />
        {message}
      </p>
      {preview && (
        <iframe
          title="Custom Fit Specification preview"
          src={preview}
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          className={FRAME}
        />
      )}
    </div>
  );
}

function OpenLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800 underline underline-offset-4 dark:text-emerald-300"
    >
      Open your fit specification
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
    </a>
  );
}
