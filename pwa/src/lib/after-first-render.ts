import { startTransition, useEffect, useState } from 'react';

let mark: () => void = () => {};

/**
 * Resolves once the app's first render is on screen (main.tsx marks it), or 3 s after this module loaded
 * at the latest (a screen rendered without main.tsx). For what the first view does not need (the offline
 * cache's schemas, the toaster's chunk): requested after it, they never compete with
 * the page's own code and data on a phone's few connections (issue 14, a customer page's LCP).
 */
export const afterFirstRender = new Promise<void>((resolve) => {
  mark = resolve;
  setTimeout(resolve, 3_000);
});

/** main.tsx, from an effect of the first commit: resolved once that render has been painted. */
export function markFirstRender(): void {
  requestAnimationFrame(() => setTimeout(mark));
}

/** Whether the app's first render is on screen yet (see afterFirstRender). */
export function useAfterFirstRender(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstRender.then(() => {
      // In a transition: what comes after the first view (the menus' and toaster's lazy code, a select's
      // options) renders in slices of a few ms, not in one task (issue 14, a phone's total blocking time).
      if (live) startTransition(() => setDone(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return done;
}
