import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CodeLoadBoundary } from '../../components/code-load-boundary.tsx';
import { OfflineBanner } from '../../components/offline-notice.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useAfterFirstRender } from '../../lib/after-first-render.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * Radix's toasts are a chunk of their own, requested once the first render is on screen. A toast raised
 * before it arrives waits in the toast store (lib/toast.ts) and shows when it does: none is lost.
 */
const Toaster = lazy(() => import('../../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

/** The toaster once the first render is on screen; its own state, so the layout does not render again for it. */
function LaterToaster() {
  const wanted = useAfterFirstRender();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <UpdatePrompt />
      <OfflineBanner />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <CodeLoadBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </CodeLoadBoundary>
      </main>
      <Footer />
      <CodeLoadBoundary>
        <LaterToaster />
      </CodeLoadBoundary>
    </div>
  );
}
