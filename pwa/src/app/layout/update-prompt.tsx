import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { hasQueuedChanges } from '../../features/admin-orders/outbox/outbox-store.ts';
import { queryClient } from '../../lib/query-client.ts';
import { whenPageIsQuiet } from '../../lib/when-page-is-quiet.ts';

/**
 * The service worker's update. A new version never strands a queued change: while the
 * outbox on this device holds anything it waits, with 'New version available' and 'Reload' for the
 * user to choose. With an empty outbox it applies by itself once nothing typed can be lost: at once
 * when nothing was typed on this page, else on the next page (or when the tab is hidden and nothing
 * was typed). Registered once the first page is shown (no spinner, skeleton or fetch), keeping workbox-window and the
 * precache out of the first load.
 */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => Promise<void>) | null>(null);
  // The page where something was last typed: a reload there could lose it.
  const typedOn = useRef<string | null>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    // Registering installs the worker, which downloads every chunk of the app: on a first visit that
    // waits until the page has shown what it fetched (the admin dashboard's first rows), not before.
    const cancelWait = whenPageIsQuiet(queryClient, () => {
      void import('virtual:pwa-register').then(({ registerSW }) => {
        if (cancelled) return;
        const updateSW = registerSW({
          immediate: true,
          onNeedRefresh: () => setApply(() => () => updateSW(true)),
        });
      });
    });
    const onInput = () => {
      typedOn.current = window.location.pathname;
    };
    document.addEventListener('input', onInput, true);
    return () => {
      cancelled = true;
      cancelWait();
      document.removeEventListener('input', onInput, true);
    };
  }, []);

  useEffect(() => {
    if (!apply) return;
    let stopped = false;
    const applyIfSafe = async () => {
      if (stopped || typedOn.current === pathname) return;
      if (await hasQueuedChanges().catch(() => true)) return;
      if (!stopped) void apply();
    };
    void applyIfSafe();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void applyIfSafe();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [apply, pathname]);

  if (!apply) return null;
  return (
    <div
      role="status"
      className="border-b border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2 text-sm">
        <span>New version available</span>
        <Button size="sm" onClick={() => void apply()}>
          Reload
        </Button>
      </div>
    </div>
  );
}
