import { AdminDashboardPage } from '../../features/admin-orders/components/dashboard/admin-dashboard-page.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { TestEmailDialog } from '../../features/email-logs/components/test-email-dialog.tsx';

/** Its first page of orders, asked for at start on /admin/dashboard (app/route-start.ts). */
export { prefetchAdminDashboard } from '../../features/admin-orders/components/dashboard/admin-dashboard-page.tsx';

/** The app composes features: the dashboard with the email feature's Test Email button (admins only). */
export function AdminDashboardRoute() {
  const readOnly = useAuth().user?.role !== 'admin';
  return <AdminDashboardPage readOnly={readOnly} testEmail={readOnly ? undefined : <TestEmailDialog />} />;
}
