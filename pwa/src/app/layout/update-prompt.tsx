import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

/**
 * The service worker's update: a new version installs in the background and waits until the user
 * chooses 'Reload' (registerType 'prompt'), so no page is swapped under a form or a queued change.
 * Registered after the first render, keeping workbox-window out of the first load.
 */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      const updateSW = registerSW({
        immediate: true,
        onNeedRefresh: () => setUpdate(() => () => updateSW(true)),
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  if (!update) return null;
  return (
    <div
      role="status"
      className="border-b border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2 text-sm">
        <span>New version available</span>
        <Button size="sm" onClick={() => void update()}>
          Reload
        </Button>
      </div>
    </div>
  );
}
