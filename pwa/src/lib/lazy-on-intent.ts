import { type ComponentType, lazy } from 'react';

/**
 * A component whose chunk is fetched only when someone reaches for the control that stands in for it: a
 * page that is only read never evaluates it. `prefetch` (for a pointer over the stand-in, or focus on it)
 * starts the download and ignores a failure: the render that needs the component (React.lazy) tries again and
 * reports it.
 */
export function lazyOnIntent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return {
    Component: lazy(() => load().then((component) => ({ default: component }))),
    prefetch: () => {
      load().catch(() => {});
    },
  };
}
