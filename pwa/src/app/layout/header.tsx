import { LogOut } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useQueuedOnDevice } from '../../features/admin-orders/outbox/queued-on-device.ts';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { useAppConfig } from '../../features/config/api/get-config.ts';
import { routes } from '../route-table.ts';
import { ThemeMenu } from './theme-menu.tsx';

// Admin code only: a customer never downloads the outbox.
const PendingChanges = lazy(() =>
  import('../../features/admin-orders/outbox/pending-changes.tsx').then((m) => ({ default: m.PendingChanges })),
);

const localPart = (user: { email: string | null; username: string }) => (user.email ?? user.username).split('@')[0];

export function Header() {
  const { status, user, logout } = useAuth();
  // Changes queued by an admin whose session ended meanwhile: still shown, waiting for sign-in.
  const queuedSignedOut = useQueuedOnDevice(status === 'unauthenticated');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // On a phone the greeting is a line of its own: a page behind sign-in keeps it while the session is
  // checked, so the page does not move down when it arrives.
  const greetingExpected =
    status === 'loading' && !([...routes.landing.paths, ...routes.staffLogin.paths] as string[]).includes(pathname);
  const config = useAppConfig();
  const greeting = user
    ? user.role === 'admin'
      ? `Admin: ${user.username}`
      : user.role === 'auditor'
        ? `Auditor: ${user.username}`
        : `Welcome, ${localPart(user)}`
    : null;

  const signOut = async () => {
    await logout().catch(() => {});
    navigate('/');
  };

  return (
    <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
        <Link to="/" className="flex min-w-0 flex-1 items-center gap-2 rounded-md">
          <Logo className="h-9 w-9" />
          <span className="min-w-0">
            <span className="block text-lg leading-tight font-bold">Order Tracker</span>
            {/* Its line is there before the name arrives: nothing moves when it does. */}
            <span className="block min-h-4 truncate text-xs text-gray-600 dark:text-gray-400">
              {config.data?.studioName}
            </span>
          </span>
        </Link>
        {!greeting && greetingExpected && <span aria-hidden="true" className="order-last h-5 w-full sm:hidden" />}
        {greeting && (
          <span className="order-last w-full text-sm wrap-anywhere text-gray-700 sm:order-none sm:w-auto dark:text-gray-300">
            {greeting}
          </span>
        )}
        <div className="flex items-center gap-1">
          {(user?.isAdmin || (!user && queuedSignedOut)) && (
            <Suspense fallback={null}>
              <PendingChanges userId={user?.id ?? null} />
            </Suspense>
          )}
          <ThemeMenu />
          {user && (
            <Button variant="outline" size="sm" onClick={signOut}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Sign Out
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
