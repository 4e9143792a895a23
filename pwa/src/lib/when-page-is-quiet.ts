import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';

/** What a page shows while it is still loading: the route's spinner, or a list's skeleton. */
const LOADING_SELECTOR = '[data-page-loading], [aria-busy="true"]';
const POLL_MS = 100;

/**
 * Runs `run` once, when the page has loaded, shows no spinner or skeleton and no query has been
 * fetching for `quietMs`, or at the latest `maxMs` after the page loaded. For work the page does not
 * need to show itself (the service worker's precache of every chunk), so that it never competes with a
 * first visit's own requests and rendering, however slow the device. Returns a function that cancels it.
 */
export function whenPageIsQuiet(
  client: QueryClient,
  run: () => void,
  { quietMs = 500, maxMs = 15_000 }: { quietMs?: number; maxMs?: number } = {},
): () => void {
  let finished = false;
  let poll: ReturnType<typeof setInterval> | undefined;

  const stop = () => {
    finished = true;
    clearInterval(poll);
    window.removeEventListener('load', start);
  };
  function start() {
    if (finished) return;
    const loaded = Date.now();
    let quietSince = loaded;
    poll = setInterval(() => {
      const now = Date.now();
      if (client.isFetching() > 0 || document.querySelector(LOADING_SELECTOR)) quietSince = now;
      if (now - quietSince >= quietMs || now - loaded >= maxMs) {
        stop();
        run();
      }
    }, POLL_MS);
  }

  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return stop;
}

/**
 * Whether the page has been quiet (as `whenPageIsQuiet` decides): for a part shown below a page's own
 * content (the push switch) whose code and data would otherwise share a phone's few connections with it,
 * and so delay its largest paint.
 */
export function usePageQuiet(): boolean {
  const client = useQueryClient();
  const [quiet, setQuiet] = useState(false);
  useEffect(() => whenPageIsQuiet(client, () => startTransition(() => setQuiet(true))), [client]);
  return quiet;
}
