import { QueryClient } from '@tanstack/react-query';

/**
 * Spec section 9: data is never stale, no refetch on window focus, no polling, no retries for
 * queries or mutations. Screens that differ (the admin list refetches on focus) say so themselves.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

/**
 * After any write every cached read may be out of date (lists, details, next order number); the
 * next read carries the write's position, so it sees the write.
 */
export const refreshAfterWrite = () => queryClient.invalidateQueries();
