import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useServerState } from '../lib/use-online.ts';
import { Card, CardBody } from './ui/card.tsx';

/** The time as 'MMM dd, HH:mm' without date-fns, which is not part of a customer's first load. */
const shortDateTime = (ms: number): string => {
  const date = new Date(ms);
  const day = date.toLocaleDateString('en-US', { month: 'short', day: '2-digit' });
  return `${day}, ${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
};

/** The newest time any data on this device was fetched (the session and the studio's name aside). */
function useLastUpdated(): number {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  return useSyncExternalStore(
    (notify) => cache.subscribe(notify),
    () =>
      Math.max(
        0,
        ...cache
          .getAll()
          .filter(
            (query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== 'config' && query.state.data !== undefined,
          )
          .map((query) => query.state.dataUpdatedAt),
      ),
    // Prerendered (scripts/prerender.ts): nothing fetched yet.
    () => 0,
  );
}

/** What the banner says: the browser offline, the server not reached, or the server failing. */
const notices = {
  offline: { Icon: WifiOff, text: 'Offline' },
  unreachable: { Icon: WifiOff, text: 'Offline - the server cannot be reached' },
  failing: { Icon: CloudOff, text: 'The server is having trouble - showing what was last loaded' },
};

/**
 * Offline is a state of every screen, not an error: it says so, and how old what is shown is. So is a
 * server that cannot be reached while the browser says online, or one that answers with errors: the
 * screens keep showing what they last had.
 */
export function OfflineBanner() {
  const server = useServerState();
  const lastUpdated = useLastUpdated();
  if (server === 'answering') return null;
  const { Icon, text } = notices[server];
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm">
        <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
        {lastUpdated > 0 ? `${text} - last updated ${shortDateTime(lastUpdated)}` : text}
      </p>
    </div>
  );
}

/** In place of a spinner that would never end: this was never loaded on this device. */
export function NotAvailableOffline() {
  return (
    <Card className="mx-auto max-w-md">
      <CardBody className="flex flex-col items-center gap-2 py-10 text-center">
        <CloudOff aria-hidden="true" className="h-10 w-10 text-gray-500" />
        <h2 className="text-lg font-semibold">Not available offline</h2>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          This was not opened on this device while online. Connect to the internet to see it.
        </p>
      </CardBody>
    </Card>
  );
}
