import { useEffect, useState } from 'react';
import { hasQueuedChanges } from './outbox-store.ts';

/**
 * Whether changes wait on this device, asked while nobody is signed in (a session that ended
 * meanwhile): the header then shows them, loading the outbox's screens only when there are some.
 */
export function useQueuedOnDevice(enabled: boolean): boolean {
  const [queued, setQueued] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    hasQueuedChanges().then(
      (found) => live && setQueued(found),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled && queued;
}
