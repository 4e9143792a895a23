import { Loader2 } from 'lucide-react';

export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    // data-page-loading: the page is not shown yet (lib/when-page-is-quiet.ts holds the service worker back).
    <div
      role="status"
      data-page-loading
      className="flex items-center justify-center gap-2 py-16 text-gray-600 dark:text-gray-400"
    >
      <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
      <span>{label}</span>
    </div>
  );
}
