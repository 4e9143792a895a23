import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { homeFor, useAuth } from '../features/auth/auth-context.tsx';

/**
 * Who sees which page (route-table.ts names a guard per route): each guard renders its page only for the
 * right person and sends anyone else to their own home. Pages are lazy, so a customer never downloads an
 * admin screen's code.
 */

/**
 * Landing and staff login: a signed-in user goes to their dashboard. While the session is checked the
 * page shows (it is what index.html was prerendered with, so nothing flickers): a device that keeps a
 * signed-in user knows it before the first render (lib/persisted-cache.ts) and goes on at once.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user) return <Navigate to={homeFor(user)} replace />;
  return children;
}

/** Customer pages: signed-out users go to /, admins to their dashboard. */
export function CustomerOnly({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  if (user.role !== 'customer') return <Navigate to="/admin/dashboard" replace />;
  return children;
}

/** The order detail: any signed-in user (the server decides ownership). */
export function SignedIn({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  return children;
}

/** Admin pages: non-admins go to /dashboard; signed-out users to `signedOutTo` (/ for the dashboard, else /admin). */
export function AdminOnly({ children, signedOutTo = '/admin' }: { children: ReactNode; signedOutTo?: string }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <Navigate to={signedOutTo} replace />;
  if (!user.isAdmin) return <Navigate to={homeFor(user)} replace />;
  return children;
}

/** Pages staff read (admins and auditors): customers go to /dashboard, signed-out users to `signedOutTo`. */
export function StaffOnly({ children, signedOutTo = '/admin' }: { children: ReactNode; signedOutTo?: string }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <Navigate to={signedOutTo} replace />;
  if (user.role === 'customer') return <Navigate to="/dashboard" replace />;
  return children;
}
