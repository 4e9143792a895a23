/** When the page last reloaded itself for its code (also index.html's start-up script, under the same key). */
const RELOADED = 'order-tracker-code-reload';
const AT_MOST_EVERY_MS = 60_000;

/**
 * Leaving the page cancels the code it is still loading (Firefox does), and a reload then would cancel the
 * navigation the reader asked for, so a failure while leaving counts only if the page is still here a few
 * seconds later (index.html's start-up script waits the same). beforeunload fires as a navigation starts.
 */
const LEAVING_MS = 3000;
let leftAt = Number.NEGATIVE_INFINITY;
// The prerender (pwa/scripts/prerender.ts) imports this in Node, which has no window.
globalThis.window?.addEventListener('beforeunload', () => {
  leftAt = Date.now();
});

/**
 * The app's code that fails to load (a lazy page's chunk): a new deployment replaced it on the server, or
 * the service worker failed to answer once. A failed module stays failed for the page that asked, so the
 * page loads itself afresh, at most once a minute, and only where it would come back: online, or with a
 * service worker that serves it offline. Returns whether it is reloading.
 */
export function reloadForCode(): boolean {
  if (Date.now() - leftAt < LEAVING_MS) {
    setTimeout(reloadForCode, LEAVING_MS);
    return false;
  }
  if (!navigator.onLine && !navigator.serviceWorker?.controller) return false;
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED)) < AT_MOST_EVERY_MS) return false;
    sessionStorage.setItem(RELOADED, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
