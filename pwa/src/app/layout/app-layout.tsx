import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../../components/offline-notice.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { Toaster } from '../../components/ui/toaster.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <UpdatePrompt />
      <OfflineBanner />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
