import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { type ServerState, serverState, subscribeServerState } from './reachability.ts';

/**
 * Whether the app can reach the server (TanStack Query's view: the browser's `online`/`offline` events,
 * and lib/reachability.ts, which says offline when a request got no answer). Prerendered
 * (scripts/prerender.ts) as online.
 */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );

/**
 * What the offline notice says: 'offline' when the browser itself says so, else the server's state
 * (answering, unreachable, or answering with errors). Prerendered as answering.
 */
export const useServerState = (): ServerState | 'offline' => {
  const online = useOnline();
  const server = useSyncExternalStore(subscribeServerState, serverState, () => 'answering' as const);
  if (online) return server === 'failing' ? 'failing' : 'answering';
  return server === 'unreachable' && navigator.onLine ? 'unreachable' : 'offline';
};

/** A query that has never had data and cannot fetch now: offline, never seen on this device. */
export const isUnavailableOffline = (query: { isPending: boolean; fetchStatus: string }): boolean =>
  query.isPending && query.fetchStatus === 'paused';
