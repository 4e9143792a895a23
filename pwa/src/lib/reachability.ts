import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the server answers, from what the network actually did, not from `navigator.onLine`: a phone
 * on a Wi-Fi with no internet behind it, behind a captive portal, or while the studio's server restarts
 * says it is online, and every request fails. A request that gets no answer (or times out) makes the app
 * offline (TanStack Query's onlineManager, which pauses queries and the outbox), until a request gets an
 * answer again. While unreachable the server is asked again by itself: with a growing delay, when the
 * browser says it is back online and when the page gets the focus again.
 *
 * `failing` is a server that answers but with 5xx: reachable (nothing pauses), but its trouble is shown.
 */
export type ServerState = 'answering' | 'unreachable' | 'failing';

let state: ServerState = 'answering';
const listeners = new Set<(state: ServerState) => void>();

export const serverState = (): ServerState => state;

export function subscribeServerState(listener: (state: ServerState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function moveTo(next: ServerState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener(next);
}

/** The cheapest answer the gateway gives; any HTTP answer at all, even an error, means reachable. */
const PROBE_PATH = '/api/health';
const PROBE_TIMEOUT_MS = 10_000;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

let attempts = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let probing = false;

/** Half to all of a doubling delay, so many devices coming back at once do not all ask together. */
function scheduleProbe(): void {
  if (timer !== undefined || probing) return;
  const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempts) * (0.5 + Math.random() / 2);
  attempts += 1;
  timer = setTimeout(() => void probe(), delay);
}

async function probe(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  if (probing) return;
  // The browser knows it has no network at all: its `online` event asks again, and so does the next delay,
  // since an engine may come back without firing `online` to a page loaded while it was offline.
  if (!navigator.onLine) return scheduleProbe();
  probing = true;
  try {
    const answer = await fetch(PROBE_PATH, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    probing = false;
    serverAnswered(answer.status);
  } catch {
    probing = false;
    serverUnreachable();
  }
}

/** A request got no answer: offline for the app, whatever the browser says. */
export function serverUnreachable(): void {
  moveTo('unreachable');
  onlineManager.setOnline(false);
  scheduleProbe();
}

/** A request got an answer with this status: the server can be reached. */
export function serverAnswered(status: number): void {
  const failing = status >= 500;
  if (!failing) {
    attempts = 0;
    clearTimeout(timer);
    timer = undefined;
  }
  moveTo(failing ? 'failing' : 'answering');
  if (navigator.onLine) onlineManager.setOnline(true);
  // A failing server is asked again too, so the screens recover by themselves once it answers well.
  if (failing) scheduleProbe();
}

/** Ask now (the browser came back online, or the page got the focus) rather than at the next delay. */
function probeSoon(): void {
  if (state === 'answering') return;
  attempts = 0;
  void probe();
}

if (typeof window !== 'undefined') {
  // The browser's own view still counts when it says offline; its `online` is checked before it is believed.
  onlineManager.setEventListener((setOnline) => {
    const onOnline = () => {
      if (state === 'answering') setOnline(true);
      else probeSoon();
    };
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  });
  window.addEventListener('focus', probeSoon);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') probeSoon();
  });
}
