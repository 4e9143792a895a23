import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isNetworkError } from './api-client.ts';
import { subscribeServerState } from './reachability.ts';

/**
 * Data is never stale, no refetch on window focus, no polling, no retries for
 * queries or mutations. Screens that differ (the admin list refetches on focus) say so themselves.
 * A request that got no answer at all is not one the server refused: it made the app offline
 * (lib/reachability.ts), and the query waits, paused with what it showed, until the server can be
 * reached and then asks again. Any answer, an error too, is final.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: (_failures, error) => isNetworkError(error),
    },
    mutations: { retry: false },
  },
});

/** The session (GET /api/auth/me) in the cache: who is signed in, for code outside the auth feature. */
export const sessionQueryKey = ['auth', 'me'] as const;

/**
 * After any write every cached read may be out of date (lists, details, next order number); the
 * next read carries the write's position, so it sees the write.
 */
export const refreshAfterWrite = () => queryClient.invalidateQueries();

// TanStack starts out assuming online and listens for changes only; an app opened offline is offline.
// Node has a `navigator` without `onLine` (the unit tests), which says nothing either way.
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
  onlineManager.setOnline(navigator.onLine);

// Back online: what is on screen may be hours old (kept on the device), so it is fetched again.
onlineManager.subscribe((online) => {
  if (online) void queryClient.invalidateQueries();
});

// A server that answered with errors answers well again: what it refused meanwhile is asked again.
subscribeServerState((state) => {
  if (state === 'answering')
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error', type: 'active' });
});
