import type { QueryClient } from '@tanstack/react-query';

/**
 * Runs `run` once, when the page has loaded and no query has been fetching for `quietMs`, or at the
 * latest `maxMs` after the page loaded. For work the page does not need to show itself (the service
 * worker's precache of every chunk), so that it never competes with a first visit's own requests and
 * rendering. Returns a function that cancels it.
 */
export function whenPageIsQuiet(
  client: QueryClient,
  run: () => void,
  { quietMs = 1000, maxMs = 10_000 }: { quietMs?: number; maxMs?: number } = {},
): () => void {
  let finished = false;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let capTimer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};

  const stop = () => {
    finished = true;
    clearTimeout(quietTimer);
    clearTimeout(capTimer);
    unsubscribe();
    window.removeEventListener('load', start);
  };
  const fire = () => {
    if (finished) return;
    stop();
    run();
  };
  // Any change in the query cache restarts the wait; a fetch in flight holds it.
  const watch = () => {
    clearTimeout(quietTimer);
    if (client.isFetching() === 0) quietTimer = setTimeout(fire, quietMs);
  };
  function start() {
    if (finished) return;
    capTimer = setTimeout(fire, maxMs);
    unsubscribe = client.getQueryCache().subscribe(watch);
    watch();
  }

  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return stop;
}
