/**
 * The app's code that fails to load (a lazy page's chunk): a new deployment replaced it on the server, or
 * the service worker failed to answer once. A failed module stays failed for the page that asked, so the
 * page loads itself afresh, at most once a minute (index.html's start-up script does the same, under the
 * same key), and only where it would come back: online, or with a service worker that serves it offline.
 * Returns whether it is reloading.
 */
const RELOADED = 'order-tracker-code-reload';
const AT_MOST_EVERY_MS = 60_000;

export function reloadForCode(): boolean {
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
