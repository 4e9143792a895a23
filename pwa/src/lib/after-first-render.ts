import { startTransition, useEffect, useState } from 'react';

let mark: () => void = () => {};

/**
 * How long after the first render's frame what comes after it is requested. The frame's paint is on the
 * main thread a few ms after the commit, but Chromium presents it (the moment its largest text counts as
 * painted) tens of ms later on a busy phone; requests sent in between share the phone's few connections
 * with that first view, and Lighthouse counts every request finished before it as one it waited for
 * (the toaster's chunks alone delay a customer page's largest paint that way).
 * A toast raised meanwhile waits in the toast store (lib/toast.ts); the offline cache saves what arrived
 * meanwhile when it starts (persisted-cache.ts).
 */
const AFTER_PAINT_MS = 250;

/**
 * Resolves once the app's first render is on screen and presented (main.tsx marks it, AFTER_PAINT_MS after its frame), or 3 s after this module loaded
 * at the latest (a screen rendered without main.tsx). For what the first view does not need (the offline
 * cache's schemas, the toaster's chunk): requested after it, they never compete with
 * the page's own code and data on a phone's few connections.
 */
export const afterFirstRender = new Promise<void>((resolve) => {
  mark = resolve;
  setTimeout(resolve, 3_000);
});

/** main.tsx, from an effect of the first commit: resolved once that render has been painted and presented. */
export function markFirstRender(): void {
  requestAnimationFrame(() => setTimeout(mark, AFTER_PAINT_MS));
}

/** Whether the app's first render is on screen yet (see afterFirstRender). */
export function useAfterFirstRender(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstRender.then(() => {
      // In a transition: what comes after the first view (the menus' and toaster's lazy code, a select's
      // options) renders in slices of a few ms, not in one task that blocks a phone's main thread.
      if (live) startTransition(() => setDone(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return done;
}
