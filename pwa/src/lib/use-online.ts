import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it is online (TanStack Query's view: the `online`/`offline` events).
 * Prerendered (scripts/prerender.ts) as online.
 */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );

/** A query that has never had data and cannot fetch now: offline, never seen on this device. */
export const isUnavailableOffline = (query: { isPending: boolean; fetchStatus: string }): boolean =>
  query.isPending && query.fetchStatus === 'paused';
